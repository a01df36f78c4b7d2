package dev.enclave.bench.run;

import dev.enclave.bench.server.BenchServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Many people joining one organisation at once (issue 30): every accept updates the organisation's item (its member
 * counter, for seats), and on DynamoDB transactions that touch one item at once cancel each other. The bench
 * server's sandbox makes them conflict as DynamoDB's do ({@code enclave.local.transaction-conflicts}, each
 * transaction holding its items {@link Options#conflictHold()} longer than DynamoDB Local takes); bursts of
 * {@link Options#bursts()} accepts, released together, go to one instance or alternate between two sharing the
 * table. Per burst: each accept's answer and time, the burst's wall time, and how many transactions the sandbox
 * refused for a conflict (each then sent again by the application).
 */
final class JoinBursts {

    private static final String SEATS = "{\"seats\":100000}";

    /** The bursts' sizes, how many of each per instance count, and the sandbox's conflict hold. */
    record Options(List<Integer> bursts, int rounds, Duration conflictHold) {
    }

    /** One burst: its size, the instances it went to, its answers by status, latencies and conflicts. */
    record Burst(int instances, int accepts, int round, Map<Integer, Integer> statuses, double wallSeconds,
                 double joinsPerSecond, double p50Ms, double p99Ms, double maxMs, long conflicts) {
    }

    /** Everything the cell measured. */
    record Result(double conflictHoldMs, List<Burst> bursts) {
    }

    private final List<Http> instances;
    private final ServerUnderTest server;
    private final TokenMint mint;
    private final String adminToken;

    private JoinBursts(List<Http> instances, ServerUnderTest server, TokenMint mint) {
        this.instances = instances;
        this.server = server;
        this.mint = mint;
        this.adminToken = mint.mint("joins-admin", "joins-admin@bench.example", List.of("platform-admin"));
    }

    /** Starts its own server (conflicts on) and second instance under {@code work}. */
    static Result measure(Path work, Path appJar, Options options) throws Exception {
        Path own = Files.createDirectories(work.resolve("join-bursts"));
        List<String> serverOptions = List.of("-Xms512m", "-Xmx2g", "-D" + BenchServer.BASELINE_PROPERTY + "=false",
                "-Denclave.limits.enabled=false",
                "-Denclave.local.transaction-conflicts=" + options.conflictHold().toMillis() + "ms");
        try (ServerUnderTest server = ServerUnderTest.start(own, serverOptions);
             AppInstance second = AppInstance.start(appJar, server, BenchServer.TABLE,
                     List.of("-Xmx768m", "-Denclave.limits.enabled=false"), own.resolve("second-instance.log"))) {
            JoinBursts cell = new JoinBursts(List.of(new Http(server.scoped()), new Http(second.base())), server,
                    TokenMint.of(server.dataDir()));
            return cell.run(options);
        }
    }

    private Result run(Options options) throws Exception {
        List<Burst> bursts = new ArrayList<>();
        for (int instanceCount = 1; instanceCount <= instances.size(); instanceCount++) {
            for (int accepts : options.bursts()) {
                String org = "joins-" + instanceCount + "-" + accepts;
                String owner = organisation(org);
                for (int round = 1; round <= options.rounds(); round++) {
                    BenchRun.log("joins: " + accepts + " accepts at once into " + org + " through " + instanceCount
                            + " instance(s), round " + round);
                    bursts.add(burst(org, owner, instanceCount, accepts, round));
                }
            }
        }
        return new Result(options.conflictHold().toMillis(), bursts);
    }

    private String organisation(String org) {
        String owner = mint.mint("owner-" + org, "owner-" + org + "@bench.example", List.of());
        Http api = instances.get(0);
        expect(api.send("POST", "/v1/orgs", owner, "{\"id\":\"" + org + "\",\"name\":\"" + org + "\"}"), 201);
        expect(api.send("PATCH", "/v1/admin/tenants/" + org, adminToken, SEATS), 200);
        return owner;
    }

    private Burst burst(String org, String owner, int instanceCount, int accepts, int round) throws Exception {
        List<String> invitations = new ArrayList<>();
        List<String> invitees = new ArrayList<>();
        for (int i = 0; i < accepts; i++) {
            String user = org + "-r" + round + "-" + i;
            Http.Reply invited = expect(instances.get(0).send("POST", "/v1/orgs/" + org + "/invitations", owner,
                    "{\"email\":\"" + user + "@bench.example\"}"), 201);
            invitations.add(Http.JSON.readTree(invited.body()).get("token").asText());
            invitees.add(mint.mint(user, user + "@bench.example", List.of()));
        }
        long conflictsBefore = conflicts();
        ExecutorService pool = Executors.newFixedThreadPool(accepts);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<double[]>> answers = new ArrayList<>();
        for (int i = 0; i < accepts; i++) {
            int index = i;
            Http api = instances.get(i % instanceCount);
            answers.add(pool.submit(() -> {
                start.await();
                long began = System.nanoTime();
                int status = api.send("POST", "/v1/invitations/accept", invitees.get(index),
                        "{\"token\":\"" + invitations.get(index) + "\"}").status();
                return new double[] {status, (System.nanoTime() - began) / 1e6};
            }));
        }
        long began = System.nanoTime();
        start.countDown();
        Map<Integer, Integer> statuses = new TreeMap<>();
        List<Double> ms = new ArrayList<>();
        for (Future<double[]> answer : answers) {
            double[] got = answer.get();
            statuses.merge((int) got[0], 1, Integer::sum);
            ms.add(got[1]);
        }
        double wall = (System.nanoTime() - began) / 1e9;
        pool.shutdown();
        Map<String, Double> p = Spread.percentiles(ms);
        return new Burst(instanceCount, accepts, round, statuses, wall, accepts / wall, p.get("p50"), p.get("p99"),
                p.get("max"), conflicts() - conflictsBefore);
    }

    private long conflicts() {
        return server.stats().get("transactionConflicts").asLong();
    }

    private static Http.Reply expect(Http.Reply reply, int status) {
        if (reply.status() != status) {
            throw new IllegalStateException("expected " + status + ", got " + reply.status() + ": " + reply.body());
        }
        return reply;
    }
}
