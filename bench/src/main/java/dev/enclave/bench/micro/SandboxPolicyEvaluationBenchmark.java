package dev.enclave.bench.micro;

import dev.enclave.app.local.LocalSandbox;
import dev.enclave.identity.TenantId;
import dev.enclave.sandbox.iam.AuthorizationRequest;
import dev.enclave.sandbox.iam.Decision;
import dev.enclave.sandbox.iam.PolicyEvaluator;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.credentials.SessionPolicies;
import dev.enclave.tenancy.guard.GuardScope;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Not Enclave's cost but the local sandbox's: the gateway's IAM decision for one item of a tenant request (role
 * policy and session policy, both parsed). In AWS this runs on AWS's side; locally it shares the machine with the
 * app, so it is part of what scoped requests cost in the load test.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SandboxPolicyEvaluationBenchmark {

    private List<PolicyEvaluator.ParsedPolicy> policies;
    private AuthorizationRequest getItem;

    @Setup
    public void setUp() {
        String table = LocalSandbox.tableArn("enclave").value();
        policies = List.of(PolicyEvaluator.parse(LocalSandbox.tenantRolePermissions("enclave")),
                PolicyEvaluator.parse(SessionPolicies.inline(LocalSandbox.tableArn("enclave"), TableDesign.ENCLAVE)
                        .render(GuardScope.tenant(TenantId.of("acme")))));
        getItem = new AuthorizationRequest("dynamodb:GetItem", table, Map.of(
                "dynamodb:LeadingKeys", List.of("TENANT#acme#ORG"),
                "aws:PrincipalTag/TenantId", List.of("acme"),
                "aws:SecureTransport", List.of("true")));
    }

    @Benchmark
    public boolean getItemAllowedByRoleAndSession() {
        return policies.stream().allMatch(p -> PolicyEvaluator.evaluateParsed(List.of(p), getItem) == Decision.ALLOW);
    }
}
