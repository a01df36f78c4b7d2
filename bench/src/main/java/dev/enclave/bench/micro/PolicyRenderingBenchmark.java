package dev.enclave.bench.micro;

import dev.enclave.app.local.LocalSandbox;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.credentials.SessionPolicies;
import dev.enclave.tenancy.guard.GuardScope;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Rendering a tenant's session policy with iam-policy-builder: paid once per tenant per credential lifetime. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PolicyRenderingBenchmark {

    private SessionPolicies policies;
    private GuardScope[] scopes;
    private int next;

    @Setup
    public void setUp() {
        policies = SessionPolicies.inline(LocalSandbox.tableArn("enclave"), TableDesign.ENCLAVE);
        scopes = new GuardScope[1024];
        for (int i = 0; i < scopes.length; i++) {
            scopes[i] = GuardScope.tenant(TenantId.of("tenant" + i));
        }
    }

    @Benchmark
    public String renderSessionPolicy() {
        return policies.render(scopes[next++ & (scopes.length - 1)]);
    }
}
