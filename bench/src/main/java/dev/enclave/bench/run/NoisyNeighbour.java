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
import java.util.Optional;
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
 *
 * <p>The saturated variant runs the same phases while a separate process spins as many threads as the machine has
 * cores ({@link CpuBurner}), from before the first (unmeasured) phase to the end. Both variants read the machine's
 * busy share and load average over every phase ({@link MachineLoad}), and the burner's progress, so the report shows
 * how busy the machine was. After the rounds, on the same server, {@link RefusalCost} measures what a refused
 * request costs against a served one.
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

    /**
     * What was measured; latencies in milliseconds; the {@code Spread}s are over rounds. {@code burnerThreads} is 0
     * when the machine was not saturated on purpose; {@code machine} says how busy it was, phase by phase kind.
     */
    record Result(boolean saturated, int burnerThreads, int limitPerSecond, int floodPerSecond, int victimPerSecond,
                  int rounds, double phaseSeconds, Spread victimAloneP99Ms, Spread victimFloodedP99Ms, Spread p99Ratio,
                  Spread victimAloneP50Ms, Spread victimFloodedP50Ms, Pooled alone, Pooled neighbourAtLimit,
                  Pooled flooded, double pooledP99Ratio, double atLimitP99Ratio, Map<Integer, Long> floodAnswers,
                  Map<Integer, Long> victimAnswers, Map<Neighbour, Machine> machine, double burnerAlonePerSecond,
                  RefusalCost.Result refusal) {

        Result withRefusal(RefusalCost.Result measured) {
            return new Result(saturated, burnerThreads, limitPerSecond, floodPerSecond, victimPerSecond, rounds,
                    phaseSeconds, victimAloneP99Ms, victimFloodedP99Ms, p99Ratio, victimAloneP50Ms,
                    victimFloodedP50Ms, alone, neighbourAtLimit, flooded, pooledP99Ratio, atLimitP99Ratio,
                    floodAnswers, victimAnswers, machine, burnerAlonePerSecond, measured);
        }
    }

    /**
     * How busy the machine was over one kind of phase, median (min–max) over the rounds: percent of the cores' time
     * busy (every process), stolen by the hypervisor, the 1-minute load average at the phase's end, and the
     * burner's rounds per second (NaN without a burner).
     */
    record Machine(Spread busyPercent, Spread stealPercent, Spread loadAverage, Spread burnerPerSecond) {
    }

    /** B's latency over every round's samples of one kind of phase. */
    record Pooled(int samples, double p50Ms, double p99Ms) {

        static Pooled of(List<Double> latenciesMs) {
            List<Double> sorted = new ArrayList<>(latenciesMs);
            Collections.sort(sorted);
            return new Pooled(sorted.size(), Spread.quantile(sorted, 0.50), Spread.quantile(sorted, 0.99));
        }
    }

    private record Phase(List<Double> latenciesMs, Map<Integer, Long> answers, PhaseMachine machine) {

        double p99() {
            return Spread.quantile(latenciesMs, 0.99);
        }

        double p50() {
            return Spread.quantile(latenciesMs, 0.50);
        }
    }

    /** The machine over one phase's measured part. */
    private record PhaseMachine(double busyPercent, double stealPercent, double loadAverage, double burnerPerSecond) {
    }

    private final HttpClient victimClient = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final HttpClient floodClient = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final URI victim;
    private final String victimToken;
    private final URI flooded;
    private final String floodToken;
    private final Optional<CpuBurner> burner;

    private NoisyNeighbour(URI base, Seeding.Tenant a, Seeding.Tenant b, Optional<CpuBurner> burner) {
        this.victim = base.resolve("/v1/orgs/" + b.org());
        this.victimToken = b.token();
        this.flooded = base.resolve("/v1/orgs/" + a.org());
        this.floodToken = a.token();
        this.burner = burner;
    }

    /**
     * Starts its own server (limits on, {@value #LIMIT_PER_SECOND} a second per tenant) under {@code work}; when
     * {@code saturated}, a {@link CpuBurner} of one thread per core runs from before the first phase to the end.
     */
    static Result measure(Path work, int rounds, Duration phase, boolean saturated, RefusalCost.Options refusal)
            throws Exception {
        Path own = Files.createDirectories(work.resolve(saturated ? "noisy-neighbour-saturated" : "noisy-neighbour"));
        try (ServerUnderTest server = ServerUnderTest.start(own, List.of("-Xms512m", "-Xmx2g",
                "-Denclave.limits.enabled=true"))) {
            TokenMint mint = TokenMint.of(server.dataDir());
            List<Seeding.Tenant> tenants = new Seeding(new Http(server.scoped()), mint).seed("noisy", 4, 0, 1);
            Optional<CpuBurner> burner = Optional.empty();
            double burnerAlone = Double.NaN;
            try {
                if (saturated) {
                    burner = Optional.of(CpuBurner.start(own, Runtime.getRuntime().availableProcessors()));
                    burnerAlone = burnerAlone(burner.get());
                }
                NoisyNeighbour cell = new NoisyNeighbour(server.scoped(), tenants.get(0), tenants.get(1), burner);
                cell.run(phase, Neighbour.FLOODING);
                Result result = cell.rounds(rounds, phase, burnerAlone);
                String admin = mint.mint("noisy-admin", "noisy-admin@bench.example", List.of("platform-admin"));
                return result.withRefusal(RefusalCost.measure(server, admin, tenants.get(2), tenants.get(3),
                        refusal));
            } finally {
                burner.ifPresent(CpuBurner::close);
            }
        }
    }

    /** The burner's rounds a second with the server idle: what it does when nothing competes with it. */
    private static double burnerAlone(CpuBurner burner) throws InterruptedException {
        Thread.sleep(1_000);
        long before = burner.rounds();
        long start = System.nanoTime();
        Thread.sleep(LEAD_IN.toMillis() * 2);
        return (burner.rounds() - before) / ((System.nanoTime() - start) / 1e9);
    }

    private Result rounds(int rounds, Duration phase, double burnerAlone) throws InterruptedException {
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
        Map<Neighbour, Machine> machine = new EnumMap<>(Neighbour.class);
        phases.forEach((neighbour, list) -> machine.put(neighbour, new Machine(
                spread(list, p -> p.machine().busyPercent()), spread(list, p -> p.machine().stealPercent()),
                spread(list, p -> p.machine().loadAverage()), spread(list, p -> p.machine().burnerPerSecond()))));
        return new Result(burner.isPresent(), burner.map(CpuBurner::threads).orElse(0), LIMIT_PER_SECOND,
                LIMIT_PER_SECOND * FLOOD_FACTOR, VICTIM_PER_SECOND, rounds,
                phase.toMillis() / 1000.0, spread(alone, Phase::p99), spread(flooded, Phase::p99), Spread.of(ratios),
                spread(alone, Phase::p50), spread(flooded, Phase::p50), pooledAlone, pooledAtLimit, pooledFlooded,
                pooledFlooded.p99Ms() / pooledAlone.p99Ms(), pooledAtLimit.p99Ms() / pooledAlone.p99Ms(),
                floodAnswers, victimAnswers, machine, burnerAlone, null);
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
            Thread.sleep(LEAD_IN.toMillis());
            MachineLoad machineBefore = MachineLoad.read();
            long burnedBefore = burner.map(CpuBurner::rounds).orElse(0L);
            long measuredStart = System.nanoTime();
            Thread.sleep(phase.toMillis());
            PhaseMachine machine = machine(machineBefore, burnedBefore, (System.nanoTime() - measuredStart) / 1e9);
            pacer.shutdownNow();
            return new Phase[] {victimLoad.finish(machine), neighbourLoad.finish(machine)};
        } finally {
            pacer.shutdownNow();
        }
    }

    private PhaseMachine machine(MachineLoad before, long burnedBefore, double seconds) {
        MachineLoad after = MachineLoad.read();
        double burned = burner.map(b -> (b.rounds() - burnedBefore) / seconds).orElse(Double.NaN);
        return new PhaseMachine(after.busyPercentSince(before), after.stealPercentSince(before), after.loadAverage(),
                burned);
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
        Phase finish(PhaseMachine machine) throws InterruptedException {
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (inFlight.get() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            Map<Integer, Long> counts = new TreeMap<>();
            answers.forEach((status, count) -> counts.put(status, count.get()));
            List<Double> sorted = new ArrayList<>(latencies);
            Collections.sort(sorted);
            return new Phase(sorted, counts, machine);
        }
    }
}
