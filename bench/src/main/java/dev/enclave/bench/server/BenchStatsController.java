package dev.enclave.bench.server;

import dev.enclave.sandbox.LocalAwsSandbox;
import dev.enclave.tenancy.credentials.TenantCredentials;
import io.micronaut.context.BeanProvider;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import java.util.List;

/**
 * What the benchmark reads off the server between runs: STS AssumeRole calls so far (the sandbox's count), the
 * scopes this application holds credentials for and how long they live, the CPU time of the gateway's IAM
 * decisions, the transactions the gateway refused for a conflict (when conflicts are on), and every live thread's CPU
 * time with its component. Benchmark environment only.
 */
@Controller("/bench/stats")
@Requires(env = BenchStatsController.ENVIRONMENT)
@Secured(SecurityRule.IS_ANONYMOUS)
final class BenchStatsController {

    /** The environment of both benchmark applications. */
    static final String ENVIRONMENT = "bench";

    @Serdeable
    record Stats(long assumeRoleCalls, long cachedScopes, long credentialLifetimeSeconds,
                 long credentialRefreshAheadSeconds, long gatewayAuthorizationCpuNanos, long transactionConflicts,
                 List<ThreadCpu.Time> threadCpu) {
    }

    private final LocalAwsSandbox sandbox;
    private final BeanProvider<TenantCredentials> credentials;

    BenchStatsController(LocalAwsSandbox sandbox, BeanProvider<TenantCredentials> credentials) {
        this.sandbox = sandbox;
        this.credentials = credentials;
    }

    @Get
    Stats stats() {
        TenantCredentials vending = credentials.get();
        return new Stats(sandbox.sts().assumeRoleCount(), vending.cachedScopes(),
                vending.settings().sessionDuration().toSeconds(), vending.settings().prefetchBefore().toSeconds(),
                sandbox.gateway().authorizationCpuTime().toNanos(),
                sandbox.gateway().transactionConflicts().refused(), ThreadCpu.live());
    }
}
