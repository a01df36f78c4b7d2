package dev.enclave.bench.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Server CPU of one request refused over its budget (429) against one served {@code GET /v1/orgs/{org}}, on a server
 * with the limits on (issue 23), measured as {@link RefusedRequests} measures: requests sent one at a time, the
 * server process's CPU time over {@code requests} of them (everything in it: app, gateway, DynamoDB Local, JIT and
 * GC) divided by their number, after a warm-up. The served tenant gets limits no single client reaches (a platform
 * admin's override), the refused one one request a second with bursts of one, so all but about one request a second
 * of its stream is refused; the answers are counted and reported. Each round measures both kinds back to back, in an
 * order that alternates from round to round; the ratio is taken per round.
 */
final class RefusalCost {

    /** Requests of each kind: {@code warmUp} unmeasured, then {@code rounds} × {@code requests} measured. */
    record Options(int warmUp, int requests, int rounds) {
    }

    /**
     * What was measured (CPU and wall milliseconds per request; spreads over rounds), the refused tenant's limit and
     * every measured answer by status.
     */
    record Result(int warmUp, int requests, int rounds, String refusedTenantLimit, Spread servedCpuMs,
                  Spread refusedCpuMs, Spread ratio, double pooledRatio, Spread servedWallMs, Spread refusedWallMs,
                  Map<Integer, Long> servedAnswers, Map<Integer, Long> refusedAnswers) {
    }

    private static final int MOST_REQUESTS_PER_SECOND = 1_000_000;
    private static final String REFUSED_LIMIT = "{\"requestsPerSecond\":1,\"burst\":1,\"concurrentRequests\":16}";

    private final ServerUnderTest server;
    private final Http api;

    private RefusalCost(ServerUnderTest server) {
        this.server = server;
        this.api = new Http(server.scoped());
    }

    /** One kind's measured requests: CPU and wall time, and what they were answered. */
    private record Measured(double cpuMs, double wallMs, Map<Integer, Long> answers) {
    }

    static Result measure(ServerUnderTest server, String adminToken, Seeding.Tenant served, Seeding.Tenant refused,
                          Options options) {
        RefusalCost cost = new RefusalCost(server);
        cost.limits(adminToken, served.org(), "{\"requestsPerSecond\":" + MOST_REQUESTS_PER_SECOND
                + ",\"concurrentRequests\":16}");
        cost.limits(adminToken, refused.org(), REFUSED_LIMIT);
        // the next access decision of each tenant applies its new limits
        cost.api.get("/v1/orgs/" + served.org(), served.token()).expect(200, "served tenant");
        cost.api.get("/v1/orgs/" + refused.org(), refused.token());
        cost.send(served, options.warmUp());
        cost.send(refused, options.warmUp());
        List<Measured> servedRounds = new ArrayList<>();
        List<Measured> refusedRounds = new ArrayList<>();
        for (int round = 0; round < options.rounds(); round++) {
            if (round % 2 == 0) {
                servedRounds.add(cost.send(served, options.requests()));
                refusedRounds.add(cost.send(refused, options.requests()));
            } else {
                refusedRounds.add(cost.send(refused, options.requests()));
                servedRounds.add(cost.send(served, options.requests()));
            }
        }
        Map<Integer, Long> servedAnswers = answers(servedRounds);
        if (!servedAnswers.keySet().equals(java.util.Set.of(200))) {
            throw new IllegalStateException("served GETs were not all answered 200: " + servedAnswers);
        }
        List<Double> ratios = new ArrayList<>();
        for (int round = 0; round < options.rounds(); round++) {
            ratios.add(refusedRounds.get(round).cpuMs() / servedRounds.get(round).cpuMs());
        }
        double servedTotal = servedRounds.stream().mapToDouble(Measured::cpuMs).sum();
        double refusedTotal = refusedRounds.stream().mapToDouble(Measured::cpuMs).sum();
        return new Result(options.warmUp(), options.requests(), options.rounds(), REFUSED_LIMIT,
                Spread.of(servedRounds.stream().map(Measured::cpuMs).toList()),
                Spread.of(refusedRounds.stream().map(Measured::cpuMs).toList()), Spread.of(ratios),
                refusedTotal / servedTotal, Spread.of(servedRounds.stream().map(Measured::wallMs).toList()),
                Spread.of(refusedRounds.stream().map(Measured::wallMs).toList()), servedAnswers,
                answers(refusedRounds));
    }

    private void limits(String adminToken, String org, String body) {
        api.send("PUT", "/v1/admin/tenants/" + org + "/limits", adminToken, body).expect(200, "limits of " + org);
    }

    private Measured send(Seeding.Tenant tenant, int count) {
        String path = "/v1/orgs/" + tenant.org();
        Map<Integer, Long> answers = new TreeMap<>();
        long cpuBefore = server.processCpu().toNanos();
        long wallBefore = System.nanoTime();
        for (int i = 0; i < count; i++) {
            answers.merge(api.get(path, tenant.token()).status(), 1L, Long::sum);
        }
        double wallMs = (System.nanoTime() - wallBefore) / 1e6 / count;
        double cpuMs = (server.processCpu().toNanos() - cpuBefore) / 1e6 / count;
        return new Measured(cpuMs, wallMs, answers);
    }

    private static Map<Integer, Long> answers(List<Measured> rounds) {
        Map<Integer, Long> answers = new TreeMap<>();
        rounds.forEach(m -> m.answers().forEach((status, n) -> answers.merge(status, n, Long::sum)));
        return answers;
    }
}
