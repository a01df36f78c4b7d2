package dev.enclave.bench.run;

import dev.enclave.bench.load.Cell;
import dev.enclave.bench.load.InviteePools;
import dev.enclave.bench.load.LoadMatrix;
import dev.enclave.bench.load.Sample;
import dev.enclave.bench.load.Wrk;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code bench/run}: starts the server under test, seeds tenants, runs the load matrix, the credential, cost,
 * scale, start-up and JMH measurements, and writes {@code docs/performance.md}, its chart and
 * {@code bench/results/latest.json}. Arguments: {@code --quick} for a smoke run; {@code --noisy-neighbour},
 * {@code --tenant-size}, {@code --joins}, {@code --events}, {@code --webhooks} or {@code --permissions} for that
 * cell alone.
 */
public final class BenchRun {

    private static final int WRK_THREADS = 2;
    private static final int CONNECTIONS = 16;
    private static final int SEEDING_THREADS = 8;
    private static final int MAXIMUM_SEAT_TENANTS = 100;
    /** Rounds over every backend after its first poll (an SDK polls every few minutes; the rounds stand for that). */
    private static final int BACKEND_POLL_ROUNDS = 5;

    private BenchRun() {
    }

    public static void main(String[] args) throws Exception {
        BenchOptions options = BenchOptions.parse(args);
        Path root = Path.of(System.getProperty("enclave.bench.root", ".")).toAbsolutePath().normalize();
        if (List.of(args).contains("--noisy-neighbour")) {
            noisyNeighbourOnly(options, List.of(args).contains("--saturated"));
            return;
        }
        if (List.of(args).contains("--tenant-size")) {
            tenantSizeOnly(options, root);
            return;
        }
        if (List.of(args).contains("--joins")) {
            joinsOnly(options, root);
            return;
        }
        if (List.of(args).contains("--events")) {
            eventsOnly(options, root);
            return;
        }
        if (List.of(args).contains("--webhooks")) {
            webhooksOnly(options, root);
            return;
        }
        if (List.of(args).contains("--permissions")) {
            permissionsOnly(options, root);
            return;
        }
        Path work = Files.createTempDirectory("enclave-bench-");
        log("work directory " + work + (options.quick() ? " (quick smoke run: figures not comparable)" : ""));
        long started = System.nanoTime();
        Results.Method method;
        List<Results.CellResult> cells = new ArrayList<>();
        Results.Credentials credentials;
        List<CostPerOperation.Row> cost;
        BackendPolling.Result polling;
        List<TenantScale.Level> scale;
        Results.StartupTimes startup;
        List<RefusedRequests.Row> refused;
        try (ServerUnderTest server = ServerUnderTest.start(work, List.of("-Xms1g", "-Xmx4g"))) {
            TokenMint mint = TokenMint.of(server.dataDir());
            Seeding seeding = new Seeding(new Http(server.unscoped()), mint);
            int largest = options.largestTenantCount();
            log("seeding " + largest + " tenants and " + options.coldTenants() + " never-served ones");
            List<Seeding.Tenant> tenants = seeding.seed("t", largest, Math.min(MAXIMUM_SEAT_TENANTS, largest),
                    SEEDING_THREADS);
            List<Seeding.Tenant> neverServed = seeding.seed("c", options.coldTenants(), 0, SEEDING_THREADS);
            Path tenantsFile = work.resolve("tenants.txt");
            Seeding.write(tenantsFile, tenants);

            Wrk wrk = new Wrk(root.resolve("bench/wrk"), WRK_THREADS, CONNECTIONS);
            InviteePools invitees = new InviteePools(work, (subject, email) -> mint.mint(subject, email, List.of()));
            LoadMatrix matrix = new LoadMatrix(wrk, server, tenantsFile, invitees);
            List<List<Cell>> groups = groups(options.tenantCounts());
            log("serving each of the " + tenants.size() + " tenants once through the scoped application");
            Priming.serveEachOnce(new Http(server.scoped()), tenants, SEEDING_THREADS);
            log("warm-up: one pass over every cell");
            matrix.warmUp(groups, options.warmUpSegment());
            long assumeRoleBefore = assumeRoleCalls(server);
            long matrixStart = System.nanoTime();
            Map<Cell, List<Sample>> samples = matrix.measure(groups, options.rounds(), options.leadIn(),
                    options.segment(), BenchRun::log);
            double matrixSeconds = (System.nanoTime() - matrixStart) / 1e9;
            long assumeRoleDuring = assumeRoleCalls(server) - assumeRoleBefore;
            samples.forEach((cell, list) -> cells.add(Results.CellResult.of(cell, list)));
            method = new Results.Method(WRK_THREADS, CONNECTIONS, options.rounds(),
                    options.warmUpSegment().toSeconds(), options.leadIn().toSeconds(), options.segment().toSeconds(),
                    tenants.size() + neverServed.size(), matrixSeconds, options.costWalks());

            log("cold vs warm credentials on " + neverServed.size() + " never-served tenants");
            ColdWarm.Result coldWarm = ColdWarm.measure(server, neverServed);
            credentials = credentials(server, coldWarm, assumeRoleDuring, tenants.size() + neverServed.size(),
                    (System.nanoTime() - started) / 1e9);

            int backends = Math.min(options.coldTenants(), tenants.size());
            log(backends + " backends polling GET /v1/backend/credentials");
            polling = BackendPolling.measure(server, tenants.subList(0, backends), BACKEND_POLL_ROUNDS);

            log("cost per operation");
            cost = new CostPerOperation(new Http(server.scoped()), mint).measure(options.costWalks());
            log("refused requests");
            refused = new RefusedRequests(server, mint, mint.forger()).measure(options.refusedWarmUp(),
                    options.refusedRequests());
            log("tenant scale " + options.scaleCounts());
            scale = TenantScale.measure(server, work, options.scaleCounts());
            log("start-up");
            StartupMeasurement starts = new StartupMeasurement(root.resolve("app/target"), work);
            List<Double> local = starts.local(options.startups());
            List<Double> nonLocal = starts.nonLocal(options.startups(), server, "enclave");
            startup = new Results.StartupTimes(local, Spread.of(local), nonLocal, Spread.of(nonLocal));
        }
        log("noisy neighbour (a server of its own, limits on)");
        NoisyNeighbour.Result noisy = NoisyNeighbour.measure(work, options.noisyRounds(), options.noisyPhase(), false,
                options.refusalCost());
        log("noisy neighbour on a saturated machine (a CPU burner beside it)");
        NoisyNeighbour.Result saturated = NoisyNeighbour.measure(work, options.noisyRounds(), options.noisyPhase(),
                true, options.refusalCost());
        log("tenant size (a server of its own and a second instance on its table)");
        TenantSize.Result tenantSize = TenantSize.measure(work, appJar(root), options.tenantSize());
        log("joins at once (a server of its own with conflicts on, and a second instance on its table)");
        JoinBursts.Result joins = JoinBursts.measure(work, appJar(root), options.joins());
        log("events on and off (two servers of their own side by side)");
        EventCost.Result events = EventCost.measure(work, root, options.events());
        log("webhooks: delivery latency and a backlog's drain (a server of its own and a receiver here)");
        WebhookDelivery.Result webhooks = WebhookDelivery.measure(work, options.webhooks());
        log("permission checks against GET /v1/orgs/{org} (a server of its own)");
        PermissionCheck.Result permissions = PermissionCheck.measure(work, root, options.permissions());
        log("JMH micro-benchmarks");
        List<MicroBenchmarks.Score> micro = MicroBenchmarks.run(work, options.jmhArguments());

        Results results = new Results(Environments.describe(root, options), method, cells, ratios(cells),
                credentials, polling, scale, cost, micro, startup, refused, noisy, saturated, tenantSize, joins,
                events, webhooks, permissions);
        results.write(options.output());
        Files.createDirectories(options.docs());
        String chart = options.quick() ? "performance-quick.png" : "performance.png";
        Chart.write(results, options.docs().resolve(chart));
        PerformanceReport.write(results, options.docs().resolve(options.quick() ? "performance-quick.md" : "performance.md"),
                chart);
        WorkDirectory.deleteData(work);
        log("done in " + Math.round((System.nanoTime() - started) / 60e9) + " min: " + options.output()
                + " (logs in " + work + ")");
    }

    /**
     * {@code bench/run --noisy-neighbour [--saturated]}: that cell alone, printed and written to
     * {@code noisy-neighbour[-saturated].json}.
     */
    private static void noisyNeighbourOnly(BenchOptions options, boolean saturated) throws Exception {
        Path work = Files.createTempDirectory("enclave-bench-");
        log("work directory " + work);
        NoisyNeighbour.Result result = NoisyNeighbour.measure(work, options.noisyRounds(), options.noisyPhase(),
                saturated, options.refusalCost());
        Path output = options.output().resolveSibling("noisy-neighbour" + (saturated ? "-saturated" : "")
                + (options.quick() ? "-quick" : "") + ".json");
        Http.JSON.writerWithDefaultPrettyPrinter().writeValue(output.toFile(), result);
        log(String.format(java.util.Locale.ROOT, "B's p99, pooled: alone %.1f ms, A at its limit %.1f ms (%.2f×), A "
                + "flooding %.1f ms (%.2f×; per round %s); A's answers %s; written to %s", result.alone().p99Ms(),
                result.neighbourAtLimit().p99Ms(), result.atLimitP99Ratio(), result.flooded().p99Ms(),
                result.pooledP99Ratio(), PerformanceReport.spread(result.p99Ratio(), 2), result.floodAnswers(), output));
        System.out.println(PerformanceReport.noisyNeighbourSection(List.of(result), "7"));
        WorkDirectory.deleteData(work);
    }

    /** {@code bench/run --tenant-size}: that cell alone, printed and written to {@code tenant-size.json}. */
    private static void tenantSizeOnly(BenchOptions options, Path root) throws Exception {
        Path work = Files.createTempDirectory("enclave-bench-");
        log("work directory " + work);
        TenantSize.Result result = TenantSize.measure(work, appJar(root), options.tenantSize());
        Path output = options.output().resolveSibling("tenant-size" + (options.quick() ? "-quick" : "") + ".json");
        Http.JSON.writerWithDefaultPrettyPrinter().writeValue(output.toFile(), result);
        log("written to " + output);
        System.out.println(PerformanceReport.tenantSizeSection(result, "8"));
        WorkDirectory.deleteData(work);
    }

    /** {@code bench/run --joins}: that cell alone, printed and written to {@code joins.json}. */
    private static void joinsOnly(BenchOptions options, Path root) throws Exception {
        Path work = Files.createTempDirectory("enclave-bench-");
        log("work directory " + work);
        JoinBursts.Result result = JoinBursts.measure(work, appJar(root), options.joins());
        Path output = options.output().resolveSibling("joins" + (options.quick() ? "-quick" : "") + ".json");
        Http.JSON.writerWithDefaultPrettyPrinter().writeValue(output.toFile(), result);
        log("written to " + output);
        System.out.println(JoinsSection.of(result, "9"));
        WorkDirectory.deleteData(work);
    }

    /** {@code bench/run --events}: that cell alone, printed and written to {@code events.json}. */
    private static void eventsOnly(BenchOptions options, Path root) throws Exception {
        Path work = Files.createTempDirectory("enclave-bench-");
        log("work directory " + work);
        EventCost.Result result = EventCost.measure(work, root, options.events());
        Path output = options.output().resolveSibling("events" + (options.quick() ? "-quick" : "") + ".json");
        Files.createDirectories(output.getParent());
        Http.JSON.writerWithDefaultPrettyPrinter().writeValue(output.toFile(), result);
        log(String.format(java.util.Locale.ROOT, "write throughput, events on ÷ off: %s per round; write units "
                + "events add per write: %.2f; a feed page of 100: %.2f Query (%s); written to %s",
                PerformanceReport.spread(result.ratio().throughput(), 2), result.capacity().unitsAddedPerWrite(),
                result.feed().queriesPerPage(), result.feed().callsPerPage(), output));
        System.out.println(EventsSection.of(result, "10"));
        WorkDirectory.deleteData(work);
    }

    /**
     * {@code bench/run --webhooks}: that cell alone, printed and written to {@code webhooks.json}; a full run's
     * section of {@code docs/performance.md} is replaced by it (or it is added), saying it comes from a run of its own.
     */
    private static void webhooksOnly(BenchOptions options, Path root) throws Exception {
        Path work = Files.createTempDirectory("enclave-bench-");
        log("work directory " + work);
        WebhookDelivery.Result result = WebhookDelivery.measure(work, options.webhooks());
        Path output = options.output().resolveSibling("webhooks" + (options.quick() ? "-quick" : "") + ".json");
        Files.createDirectories(output.getParent());
        Http.JSON.writerWithDefaultPrettyPrinter().writeValue(output.toFile(), result);
        for (WebhookDelivery.Latency latency : result.latency()) {
            log(String.format(java.util.Locale.ROOT, "%d events a second: commit to receipt p50 / p99 %s (%,d "
                    + "received, %,d missing, %,d twice)", latency.perSecond(),
                    WebhooksSection.p50AndP99(latency.fromEventTimeMs()), latency.received(), latency.missing(),
                    latency.duplicates()));
        }
        WebhookDelivery.Backlog backlog = result.backlog();
        log(String.format(java.util.Locale.ROOT, "a backlog of %,d drained in %.1f s, %.0f deliveries a second; "
                + "written to %s", backlog.created(), backlog.drainSeconds(), backlog.deliveriesPerSecond(), output));
        String section = WebhooksSection.of(result, WebhooksSection.NUMBER,
                java.util.Optional.of(Environments.describe(root, options)));
        System.out.println(section);
        if (!options.quick()) {
            PerformanceReport.replaceSection(options.docs().resolve("performance.md"), WebhooksSection.NUMBER,
                    section);
            log("section " + WebhooksSection.NUMBER + " of " + options.docs().resolve("performance.md") + " replaced");
        }
        WorkDirectory.deleteData(work);
    }

    /**
     * {@code bench/run --permissions}: that cell alone, printed and written to {@code permissions.json}; a full run's
     * section of {@code docs/performance.md} is replaced by it (or it is added), saying it comes from a run of its own.
     */
    private static void permissionsOnly(BenchOptions options, Path root) throws Exception {
        Path work = Files.createTempDirectory("enclave-bench-");
        log("work directory " + work);
        PermissionCheck.Result result = PermissionCheck.measure(work, root, options.permissions());
        Path output = options.output().resolveSibling("permissions" + (options.quick() ? "-quick" : "") + ".json");
        Files.createDirectories(output.getParent());
        Http.JSON.writerWithDefaultPrettyPrinter().writeValue(output.toFile(), result);
        log(String.format(java.util.Locale.ROOT, "permission check ÷ GET /v1/orgs/{org}, throughput: %s per round "
                + "(one check of the caller's ÷ GET org: %s); DynamoDB calls per check request %.2f, of them "
                + "BatchGetItem %.2f; GET org %.2f; written to %s", PerformanceReport.spread(result.ratio().throughput(),
                2), PerformanceReport.spread(result.selfRatio().throughput(), 2),
                result.underLoad().get(0).callsPerRequest(), result.batchGetsPerCheck(),
                result.underLoad().get(1).callsPerRequest(), output));
        String section = PermissionsSection.of(result, PermissionsSection.NUMBER,
                java.util.Optional.of(Environments.describe(root, options)));
        System.out.println(section);
        if (!options.quick()) {
            PerformanceReport.replaceSection(options.docs().resolve("performance.md"), PermissionsSection.NUMBER,
                    section);
            log("section " + PermissionsSection.NUMBER + " of " + options.docs().resolve("performance.md")
                    + " replaced");
        }
        WorkDirectory.deleteData(work);
    }

    private static Path appJar(Path root) {
        return root.resolve("app/target/enclave-app.jar");
    }

    /** Cells compared with each other run back to back: per workload and tenant count, scoped then unscoped. */
    static List<List<Cell>> groups(List<Integer> tenantCounts) {
        List<List<Cell>> groups = new ArrayList<>();
        for (String workload : List.of("read", "write")) {
            for (int tenants : tenantCounts) {
                groups.add(List.of(new Cell(workload, Cell.SCOPED, tenants), new Cell(workload, Cell.UNSCOPED, tenants)));
            }
        }
        int organisations = tenantCounts.get(tenantCounts.size() / 2);
        groups.add(List.of(new Cell("organisation", Cell.SCOPED, organisations),
                new Cell("organisation", Cell.UNSCOPED, organisations),
                new Cell("organisation", Cell.FLOOR, organisations),
                new Cell("organisation", Cell.FLOOR_SAME_READ, organisations)));
        return groups;
    }

    private static List<Results.Ratio> ratios(List<Results.CellResult> cells) {
        List<Results.Ratio> ratios = new ArrayList<>();
        for (Results.CellResult scoped : cells) {
            Cell cell = scoped.cell();
            if (!cell.path().equals(Cell.SCOPED)) {
                continue;
            }
            find(cells, new Cell(cell.workload(), Cell.UNSCOPED, cell.tenants())).ifPresent(unscoped -> ratios.add(
                    Results.Ratio.of(label(cell) + " scoped ÷ unscoped", scoped, unscoped)));
            find(cells, new Cell(cell.workload(), Cell.FLOOR, cell.tenants())).ifPresent(floor -> ratios.add(
                    Results.Ratio.of("GET /v1/orgs/{org} ÷ floor (" + cell.tenants() + " tenants)", scoped, floor)));
            find(cells, new Cell(cell.workload(), Cell.FLOOR_SAME_READ, cell.tenants())).ifPresent(floor -> ratios.add(
                    Results.Ratio.of("GET /v1/orgs/{org} ÷ floor with the same read (" + cell.tenants() + " tenants)",
                            scoped, floor)));
        }
        return ratios;
    }

    private static String label(Cell cell) {
        return (cell.workload().equals("organisation") ? "GET org" : cell.workload()) + ", "
                + String.format(java.util.Locale.ROOT, "%,d", cell.tenants()) + " tenants,";
    }

    private static java.util.Optional<Results.CellResult> find(List<Results.CellResult> cells, Cell cell) {
        return cells.stream().filter(c -> c.cell().equals(cell)).findFirst();
    }

    private static Results.Credentials credentials(ServerUnderTest server, ColdWarm.Result coldWarm,
                                                   long duringMeasuredLoad, int tenantsServed, double runSeconds) {
        var stats = server.stats();
        long lifetime = stats.get("credentialLifetimeSeconds").asLong();
        long refreshAhead = stats.get("credentialRefreshAheadSeconds").asLong();
        return new Results.Credentials(Spread.percentiles(coldWarm.coldMs()), Spread.percentiles(coldWarm.warmMs()),
                coldWarm.coldMs().size(), coldWarm.assumeRoleCalls(), duringMeasuredLoad,
                stats.get("assumeRoleCalls").asLong(), stats.get("cachedScopes").asLong(), tenantsServed, runSeconds,
                lifetime, refreshAhead, tenantsServed * (long) Math.ceil(runSeconds / lifetime),
                tenantsServed * (long) Math.ceil(runSeconds / (lifetime - refreshAhead)));
    }

    private static long assumeRoleCalls(ServerUnderTest server) {
        return server.stats().get("assumeRoleCalls").asLong();
    }

    static void log(String message) {
        System.out.println(Instant.now().truncatedTo(ChronoUnit.SECONDS) + " " + message);
    }
}
