package dev.enclave.bench.run;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToDoubleFunction;

/**
 * One tenant's flood against another's latency, on a server of its own with the request limits on (the other cells
 * run with them off). Tenant B sends {@value #VICTIM_PER_SECOND} GETs of its organisation a second, paced (open
 * loop: a request leaves on schedule whether or not the last one is back, so a slow server shows as latency, not
 * as fewer requests). Each round measures three phases, in an order that rotates from round to round so drift
 * favours none: B alone; B while tenant A sends exactly its limit (A's admitted share, no 429s); B while A sends ten
 * times its limit. The figure is B's p99 while A floods over B's p99 alone, over every round's samples pooled (a
 * p99 of a few hundred samples is a handful of requests; per-round ratios are reported beside it).
 */
final class NoisyNeighbour {

    static final int VICTIM_PER_SECOND = 40;
    static final int LIMIT_PER_SECOND = 50;
    static final int FLOOD_FACTOR = 10;
    /** Each phase's first seconds are not measured, as every other cell's lead-in (A's burst included). */
    static final Duration LEAD_IN = Duration.ofSeconds(2);

    /** What A does while B is measured. */
    enum Neighbour {
        IDLE(0), AT_LIMIT(1), FLOODING(FLOOD_FACTOR);

        final int timesLimit;

        Neighbour(int timesLimit) {
            this.timesLimit = timesLimit;
        }
    }

    /** What was measured; latencies in milliseconds; the {@code Spread}s are over rounds. */
    record Result(int limitPerSecond, int floodPerSecond, int victimPerSecond, int rounds, double phaseSeconds,
                  Spread victimAloneP99Ms, Spread victimFloodedP99Ms, Spread p99Ratio, Spread victimAloneP50Ms,
                  Spread victimFloodedP50Ms, Pooled alone, Pooled neighbourAtLimit, Pooled flooded,
                  double pooledP99Ratio, double atLimitP99Ratio, Map<Integer, Long> floodAnswers,
                  Map<Integer, Long> victimAnswers) {
    }

    /** B's latency over every round's samples of one kind of phase. */
    record Pooled(int samples, double p50Ms, double p99Ms) {

        static Pooled of(List<Double> latenciesMs) {
            List<Double> sorted = new ArrayList<>(latenciesMs);
            Collections.sort(sorted);
            return new Pooled(sorted.size(), Spread.quantile(sorted, 0.50), Spread.quantile(sorted, 0.99));
        }
    }

    private record Phase(List<Double> latenciesMs, Map<Integer, Long> answers) {

        double p99() {
            return Spread.quantile(latenciesMs, 0.99);
        }

        double p50() {
            return Spread.quantile(latenciesMs, 0.50);
        }
    }

    private final HttpClient victimClient = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final HttpClient floodClient = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final URI victim;
    private final String victimToken;
    private final URI flooded;
    private final String floodToken;

    private NoisyNeighbour(URI base, Seeding.Tenant a, Seeding.Tenant b) {
        this.victim = base.resolve("/v1/orgs/" + b.org());
        this.victimToken = b.token();
        this.flooded = base.resolve("/v1/orgs/" + a.org());
        this.floodToken = a.token();
    }

    /** Starts its own server (limits on, {@value #LIMIT_PER_SECOND} a second per tenant) under {@code work}. */
    static Result measure(Path work, int rounds, Duration phase) throws Exception {
        Path own = Files.createDirectories(work.resolve("noisy-neighbour"));
        try (ServerUnderTest server = ServerUnderTest.start(own, List.of("-Xms512m", "-Xmx2g",
                "-Denclave.limits.enabled=true"))) {
            TokenMint mint = TokenMint.of(server.dataDir());
            List<Seeding.Tenant> tenants = new Seeding(new Http(server.scoped()), mint).seed("noisy", 2, 0, 1);
            NoisyNeighbour cell = new NoisyNeighbour(server.scoped(), tenants.get(0), tenants.get(1));
            cell.run(phase, Neighbour.FLOODING);
            return cell.rounds(rounds, phase);
        }
    }

    private Result rounds(int rounds, Duration phase) throws InterruptedException {
        Map<Neighbour, List<Phase>> phases = new EnumMap<>(Neighbour.class);
        Map<Integer, Long> floodAnswers = new TreeMap<>();
        Neighbour[] kinds = Neighbour.values();
        for (int round = 0; round < rounds; round++) {
            for (int i = 0; i < kinds.length; i++) {
                Neighbour neighbour = kinds[(round + i) % kinds.length];
                Phase[] measured = run(phase, neighbour);
                phases.computeIfAbsent(neighbour, unused -> new ArrayList<>()).add(measured[0]);
                if (neighbour == Neighbour.FLOODING) {
                    measured[1].answers().forEach((status, count) -> floodAnswers.merge(status, count, Long::sum));
                }
            }
        }
        List<Phase> alone = phases.get(Neighbour.IDLE);
        List<Phase> flooded = phases.get(Neighbour.FLOODING);
        List<Double> ratios = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            ratios.add(flooded.get(round).p99() / alone.get(round).p99());
        }
        Pooled pooledAlone = pooled(alone);
        Pooled pooledAtLimit = pooled(phases.get(Neighbour.AT_LIMIT));
        Pooled pooledFlooded = pooled(flooded);
        Map<Integer, Long> victimAnswers = new TreeMap<>();
        phases.values().forEach(list -> list.forEach(p -> p.answers().forEach((status, count) ->
                victimAnswers.merge(status, count, Long::sum))));
        return new Result(LIMIT_PER_SECOND, LIMIT_PER_SECOND * FLOOD_FACTOR, VICTIM_PER_SECOND, rounds,
                phase.toMillis() / 1000.0, spread(alone, Phase::p99), spread(flooded, Phase::p99), Spread.of(ratios),
                spread(alone, Phase::p50), spread(flooded, Phase::p50), pooledAlone, pooledAtLimit, pooledFlooded,
                pooledFlooded.p99Ms() / pooledAlone.p99Ms(), pooledAtLimit.p99Ms() / pooledAlone.p99Ms(),
                floodAnswers, victimAnswers);
    }

    private static Spread spread(List<Phase> phases, ToDoubleFunction<Phase> figure) {
        return Spread.of(phases.stream().map(figure::applyAsDouble).toList());
    }

    private static Pooled pooled(List<Phase> phases) {
        return Pooled.of(phases.stream().flatMap(p -> p.latenciesMs().stream()).toList());
    }

    /** B's phase, and A's load beside it at {@code neighbour}'s rate. */
    private Phase[] run(Duration phase, Neighbour neighbour) throws InterruptedException {
        ScheduledExecutorService pacer = Executors.newScheduledThreadPool(2);
        try {
            long measuredFrom = System.nanoTime() + LEAD_IN.toNanos();
            Paced victimLoad = new Paced(victimClient, victim, victimToken, measuredFrom);
            Paced neighbourLoad = new Paced(floodClient, flooded, floodToken, measuredFrom);
            victimLoad.start(pacer, VICTIM_PER_SECOND);
            if (neighbour.timesLimit > 0) {
                neighbourLoad.start(pacer, LIMIT_PER_SECOND * neighbour.timesLimit);
            }
            Thread.sleep(LEAD_IN.plus(phase).toMillis());
            pacer.shutdownNow();
            return new Phase[] {victimLoad.finish(), neighbourLoad.finish()};
        } finally {
            pacer.shutdownNow();
        }
    }

    /** Requests leaving at a fixed rate, each timed from when it was due. */
    private static final class Paced {

        private static final Duration TIMEOUT = Duration.ofSeconds(30);

        private final HttpClient client;
        private final HttpRequest request;
        private final ConcurrentLinkedQueue<Double> latencies = new ConcurrentLinkedQueue<>();
        private final Map<Integer, AtomicLong> answers = new ConcurrentHashMap<>();
        private final AtomicInteger inFlight = new AtomicInteger();
        private final long measuredFrom;

        Paced(HttpClient client, URI target, String token, long measuredFrom) {
            this.client = client;
            this.measuredFrom = measuredFrom;
            this.request = HttpRequest.newBuilder(target).header("Authorization", "Bearer " + token)
                    .timeout(TIMEOUT).GET().build();
        }

        void start(ScheduledExecutorService pacer, int perSecond) {
            long periodNanos = TimeUnit.SECONDS.toNanos(1) / perSecond;
            pacer.scheduleAtFixedRate(this::send, 0, periodNanos, TimeUnit.NANOSECONDS);
        }

        private void send() {
            long due = System.nanoTime();
            inFlight.incrementAndGet();
            client.sendAsync(request, HttpResponse.BodyHandlers.discarding()).whenComplete((response, failure) -> {
                if (due < measuredFrom) {
                    inFlight.decrementAndGet();
                    return;
                }
                latencies.add((System.nanoTime() - due) / 1e6);
                int status = failure == null ? response.statusCode() : 0;
                answers.computeIfAbsent(status, unused -> new AtomicLong()).incrementAndGet();
                inFlight.decrementAndGet();
            });
        }

        /** Waits for the requests still out, then what they came to (status 0: no answer). */
        Phase finish() throws InterruptedException {
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (inFlight.get() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            Map<Integer, Long> counts = new TreeMap<>();
            answers.forEach((status, count) -> counts.put(status, count.get()));
            List<Double> sorted = new ArrayList<>(latencies);
            Collections.sort(sorted);
            return new Phase(sorted, counts);
        }
    }
}
