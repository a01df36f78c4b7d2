package dev.enclave.bench.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * N tenants' backends polling {@code GET /v1/backend/credentials} with an API key each, as the AWS SDKs' container
 * credentials provider does: one key per tenant, a first poll (vends that tenant's data-namespace credentials: one
 * AssumeRole) and then several rounds over every backend (served from the cache). One client, sequentially —
 * latency and STS calls, not throughput.
 */
final class BackendPolling {

    /** Latencies in milliseconds and the AssumeRole calls each phase caused. */
    record Result(int backends, int warmRounds, List<Double> firstMs, List<Double> warmMs, long assumeRoleFirst,
                  long assumeRoleWarm) {
    }

    private BackendPolling() {
    }

    static Result measure(ServerUnderTest server, List<Seeding.Tenant> tenants, int warmRounds) {
        Http scoped = new Http(server.scoped());
        List<String> keys = tenants.stream().map(tenant -> createKey(scoped, tenant)).toList();
        long start = assumeRoleCalls(server);
        List<Double> first = new ArrayList<>();
        keys.forEach(key -> first.add(poll(scoped, key)));
        long afterFirst = assumeRoleCalls(server);
        List<Double> warm = new ArrayList<>();
        for (int round = 0; round < warmRounds; round++) {
            keys.forEach(key -> warm.add(poll(scoped, key)));
        }
        return new Result(keys.size(), warmRounds, first, warm, afterFirst - start,
                assumeRoleCalls(server) - afterFirst);
    }

    private static String createKey(Http scoped, Seeding.Tenant tenant) {
        Http.Reply reply = scoped.send("POST", "/v1/orgs/" + tenant.org() + "/api-keys", tenant.token(),
                "{\"name\":\"bench backend\",\"access\":\"readwrite\"}");
        return reply.expect(201, "POST api-keys for " + tenant.org()).json().get("secret").asText();
    }

    private static double poll(Http scoped, String key) {
        long start = System.nanoTime();
        scoped.send("GET", "/v1/backend/credentials", null, null, Map.of("Authorization", key))
                .expect(200, "GET /v1/backend/credentials");
        return (System.nanoTime() - start) / 1e6;
    }

    private static long assumeRoleCalls(ServerUnderTest server) {
        return server.stats().get("assumeRoleCalls").asLong();
    }
}
