package dev.enclave.bench.run;

import java.util.ArrayList;
import java.util.List;

/**
 * A tenant's first request vs its next one: for tenants the scoped application has never served, one
 * {@code GET /v1/orgs/{org}} (its credentials are vended: one AssumeRole) and straight after a second (served from
 * the cache), one client, sequentially — latency, not throughput.
 */
final class ColdWarm {

    /** Latencies in milliseconds, and the AssumeRole calls the probe caused. */
    record Result(List<Double> coldMs, List<Double> warmMs, long assumeRoleCalls) {
    }

    private ColdWarm() {
    }

    static Result measure(ServerUnderTest server, List<Seeding.Tenant> neverServed) {
        Http scoped = new Http(server.scoped());
        long before = server.stats().get("assumeRoleCalls").asLong();
        List<Double> cold = new ArrayList<>();
        List<Double> warm = new ArrayList<>();
        for (Seeding.Tenant tenant : neverServed) {
            String path = "/v1/orgs/" + tenant.org();
            cold.add(scoped.timedGet(path, tenant.token(), 200));
            warm.add(scoped.timedGet(path, tenant.token(), 200));
        }
        long after = server.stats().get("assumeRoleCalls").asLong();
        return new Result(cold, warm, after - before);
    }
}
