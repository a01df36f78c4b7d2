package dev.enclave.bench.run;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Serves every tenant of the load matrix once through the scoped application before anything is measured, so each
 * has its credentials and the measured load never waits on STS (which the AssumeRole count during it checks).
 */
final class Priming {

    private Priming() {
    }

    static void serveEachOnce(Http scoped, List<Seeding.Tenant> tenants, int threads) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = tenants.stream().<Future<?>>map(tenant -> pool.submit(() ->
                    scoped.get("/v1/orgs/" + tenant.org(), tenant.token()).expect(200, "prime " + tenant.org())))
                    .toList();
            for (Future<?> future : done) {
                future.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
