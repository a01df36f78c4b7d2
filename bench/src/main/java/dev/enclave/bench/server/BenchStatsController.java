package dev.enclave.bench.server;

import dev.enclave.tenancy.credentials.TenantCredentials;
import dev.enclave.tenancy.sandbox.LocalAwsSandbox;
import io.micronaut.context.BeanProvider;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import java.lang.management.ManagementFactory;

/**
 * What the benchmark reads off the server between runs: STS AssumeRole calls so far (the sandbox's count), the
 * scopes this application holds credentials for, and the JVM's live threads. Benchmark environment only.
 */
@Controller("/bench/stats")
@Requires(env = BenchStatsController.ENVIRONMENT)
@Secured(SecurityRule.IS_ANONYMOUS)
final class BenchStatsController {

    /** The environment of both benchmark applications. */
    static final String ENVIRONMENT = "bench";

    @Serdeable
    record Stats(long assumeRoleCalls, long cachedScopes, long gatewayForwarded, int liveThreads) {
    }

    private final LocalAwsSandbox sandbox;
    private final BeanProvider<TenantCredentials> credentials;

    BenchStatsController(LocalAwsSandbox sandbox, BeanProvider<TenantCredentials> credentials) {
        this.sandbox = sandbox;
        this.credentials = credentials;
    }

    @Get
    Stats stats() {
        return new Stats(sandbox.sts().assumeRoleCount(), credentials.get().cachedScopes(),
                sandbox.gateway().forwardedCount(), ManagementFactory.getThreadMXBean().getThreadCount());
    }
}
