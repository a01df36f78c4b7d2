package dev.enclave.bench.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.infra.jobs.JobSettings;
import dev.enclave.bench.server.BenchServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * How an organisation's size shows (issue 30): organisations of each size in {@link Options#sizes()} members, seeded
 * straight into the table ({@link DirectMembers}); then, per size, the latency of {@code GET /v1/orgs/{org}} and of
 * the first page of 100 members (one client, one request at a time, sizes in an order that rotates from round to
 * round); then the org's rename and deletion, each timed to its HTTP answer and to its job's end, with the job's
 * consumed capacity and items written read off every instance's {@code /prometheus}.
 *
 * <p>Two instances share the table: the bench server's scoped application (its unscoped baseline not started, so no
 * third runner takes jobs) and {@code enclave-app.jar} in a process of its own pointed at the same sandbox
 * ({@link AppInstance}). Requests alternate between them by size, the deletion going to the instance the rename did
 * not; every instance polls the due-work index, so either can take a job nobody holds.
 */
final class TenantSize {

    private static final String TABLE = BenchServer.TABLE;
    private static final Duration PROGRESS_POLL = Duration.ofMillis(100);
    private static final Duration JOB_PATIENCE = Duration.ofMinutes(30);
    private static final Duration METERS_PATIENCE = Duration.ofSeconds(10);
    private static final int PAGE = 100;
    /** What DynamoDB bills a transactional write of an item of up to 1 KB (the jobs' items are keys and a name). */
    private static final int TRANSACTIONAL_UNITS_PER_ITEM = 2;
    private static final Set<String> WRITE_OPERATIONS = Set.of("TransactWriteItems", "BatchWriteItem", "PutItem",
            "UpdateItem", "DeleteItem");

    /**
     * What the cell runs: the sizes (members, owner included), the jobs' settings on both instances, and the latency
     * sampling (rounds × requests per endpoint per size, after {@code warmUp} unmeasured requests of each).
     */
    record Options(List<Integer> sizes, int writeUnitsPerSecond, Duration pollInterval, int rounds,
                   int requestsPerRound, int warmUp) {
    }

    /** One endpoint's latencies at one size, over every round's samples. */
    record Latency(int samples, double p50Ms, double p90Ms, double p99Ms, double maxMs) {

        static Latency of(List<Double> ms) {
            Map<String, Double> p = Spread.percentiles(ms);
            return new Latency(ms.size(), p.get("p50"), p.get("p90"), p.get("p99"), p.get("max"));
        }
    }

    /**
     * One job (a rename's or a deletion's) of one organisation: which instance was asked, its answer, the time until
     * the job was seen done, the items it needed to write (counted in the table before the request) and those the
     * jobs wrote ({@code enclave.jobs.items}, every instance summed; by instance beside), and how the instances'
     * jobs ended ({@code enclave.jobs.ended}). Capacity twice: as DynamoDB Local reported it
     * ({@code enclave.dynamodb.capacity} outside any request, every instance summed: the jobs and the due-work
     * polls), and as DynamoDB prices the transactional writes counted (two units per item of up to 1 KB: the items
     * written, one checkpoint per page and the two items of the last transaction; {@code transactions} are the
     * successful {@code TransactWriteItems} calls outside any request, {@code refusedTransactions} those refused).
     */
    record JobRun(String kind, String askedInstance, int answerStatus, double answerMs, double completionSeconds,
                  long needed, long written, long duplicate, Map<String, Long> writtenByInstance,
                  Map<String, Long> ended, int progressPolls, long transactions, long refusedTransactions,
                  long transactionalItems, double writeUnits, double writeUnitsPerMember,
                  double writeUnitsPerSecond, double reportedWriteUnits, double reportedReadUnits,
                  Map<String, Double> reportedUnitsByOperation, double reportedWriteUnitsPerMember) {
    }

    /** One organisation's figures. */
    record Size(String org, int members, double seedSeconds, Latency getOrganisation, Latency memberPage,
                JobRun rename, JobRun deletion) {
    }

    /** What a job of {@code members} would take at {@code writeUnitsPerSecond}, from a measured size's capacity. */
    record Projection(String kind, int members, int writeUnitsPerSecond, int fromMembers, double writeUnitsPerMember,
                      double seconds, double reportedWriteUnitsPerMember, double secondsFromReported,
                      double measuredSecondsPerMember, double secondsFromMeasuredTime) {
    }

    /** Everything the cell measured. */
    record Result(int writeUnitsPerSecond, double pollIntervalSeconds, String lease, int instances,
                  List<String> instanceNames, int rounds, int requestsPerRound, int warmUp, List<Size> sizes,
                  List<Projection> projections, Map<Integer, Double> localUnitsByTransactionItems) {
    }

    /** Transactions of these many items are written once to show what DynamoDB Local reports for each. */
    private static final List<Integer> PROBED_TRANSACTION_ITEMS = List.of(1, 10, 100);

    private static final int PROJECTED_MEMBERS = 100_000;
    private static final int DEFAULT_WRITE_UNITS_PER_SECOND =
            Integer.parseInt(JobSettings.DEFAULT_WRITE_UNITS_PER_SECOND);

    private final List<Instance> instances;
    private final Http admin;
    private final String adminToken;
    private final DirectMembers direct;
    private final TokenMint mint;

    /** An instance by name, with its API. */
    private record Instance(String name, Http api) {
    }

    private TenantSize(List<Instance> instances, DirectMembers direct, TokenMint mint) {
        this.instances = instances;
        this.admin = instances.get(0).api();
        this.direct = direct;
        this.mint = mint;
        this.adminToken = mint.mint("size-admin", "size-admin@bench.example", List.of("platform-admin"));
    }

    /** Starts its own server and second instance under {@code work}; {@code appJar} is {@code enclave-app.jar}. */
    static Result measure(Path work, Path appJar, Options options) throws Exception {
        Path own = Files.createDirectories(work.resolve("tenant-size"));
        List<String> jobs = List.of("-Denclave.jobs.write-units-per-second=" + options.writeUnitsPerSecond(),
                "-Denclave.jobs.poll-interval=" + options.pollInterval().toMillis() + "ms");
        List<String> serverOptions = new ArrayList<>(List.of("-Xms512m", "-Xmx2g",
                "-D" + BenchServer.BASELINE_PROPERTY + "=false"));
        serverOptions.addAll(jobs);
        try (ServerUnderTest server = ServerUnderTest.start(own, serverOptions)) {
            List<String> secondOptions = new ArrayList<>(List.of("-Xmx768m", "-Denclave.limits.enabled=false"));
            secondOptions.addAll(jobs);
            BenchRun.log("tenant size: second instance (enclave-app.jar) on the bench server's sandbox");
            try (AppInstance second = AppInstance.start(appJar, server, TABLE, secondOptions,
                    own.resolve("second-instance.log"));
                 DirectMembers direct = new DirectMembers(server, TABLE)) {
                TenantSize cell = new TenantSize(List.of(new Instance("bench-server", new Http(server.scoped())),
                        new Instance("enclave-app.jar", new Http(second.base()))), direct,
                        TokenMint.of(server.dataDir()));
                return cell.run(options);
            }
        }
    }

    private Result run(Options options) throws Exception {
        Map<Integer, Organisation> organisations = new LinkedHashMap<>();
        Map<Integer, Double> seedSeconds = new TreeMap<>();
        for (int members : options.sizes()) {
            long start = System.nanoTime();
            organisations.put(members, organisation(members));
            seedSeconds.put(members, (System.nanoTime() - start) / 1e9);
            BenchRun.log(String.format(Locale.ROOT, "tenant size: %,d members seeded in %.1f s", members,
                    seedSeconds.get(members)));
        }
        Map<Integer, List<Double>> getOrganisation = new TreeMap<>();
        Map<Integer, List<Double>> memberPage = new TreeMap<>();
        Http reader = instances.get(0).api();
        for (Organisation organisation : organisations.values()) {
            for (int i = 0; i < options.warmUp(); i++) {
                reader.timedGet(organisation.path(), organisation.token(), 200);
                reader.timedGet(organisation.membersPath(), organisation.token(), 200);
            }
        }
        List<Integer> sizes = options.sizes();
        for (int round = 0; round < options.rounds(); round++) {
            for (int i = 0; i < sizes.size(); i++) {
                int members = sizes.get((round + i) % sizes.size());
                Organisation organisation = organisations.get(members);
                for (int request = 0; request < options.requestsPerRound(); request++) {
                    getOrganisation.computeIfAbsent(members, unused -> new ArrayList<>())
                            .add(reader.timedGet(organisation.path(), organisation.token(), 200));
                    memberPage.computeIfAbsent(members, unused -> new ArrayList<>())
                            .add(reader.timedGet(organisation.membersPath(), organisation.token(), 200));
                }
            }
        }
        List<Size> results = new ArrayList<>();
        for (int i = 0; i < sizes.size(); i++) {
            int members = sizes.get(i);
            Organisation organisation = organisations.get(members);
            Instance renaming = instances.get(i % instances.size());
            Instance deleting = instances.get((i + 1) % instances.size());
            JobRun rename = rename(organisation, renaming);
            log(members, rename);
            JobRun deletion = delete(organisation, deleting);
            log(members, deletion);
            results.add(new Size(organisation.org(), members, seedSeconds.get(members),
                    Latency.of(getOrganisation.get(members)), Latency.of(memberPage.get(members)), rename, deletion));
        }
        Size largest = results.get(results.size() - 1);
        List<Projection> projections = List.of(projection(largest.rename(), largest.members()),
                projection(largest.deletion(), largest.members()));
        return new Result(options.writeUnitsPerSecond(), options.pollInterval().toMillis() / 1000.0,
                JobSettings.DEFAULT_LEASE + " (the default)", instances.size(),
                instances.stream().map(Instance::name).toList(),
                options.rounds(), options.requestsPerRound(), options.warmUp(), results, projections,
                direct.reportedTransactionUnits(PROBED_TRANSACTION_ITEMS));
    }

    private static void log(int members, JobRun job) {
        BenchRun.log(String.format(Locale.ROOT, "tenant size: %,d members, %s via %s: answered %d in %.1f ms, done "
                        + "after %.1f s; %,d items needed, %,d written (by instance %s); %,d transactions, %,.0f write "
                        + "units as DynamoDB prices them (%,.0f as DynamoDB Local reported)", members,
                job.kind(), job.askedInstance(), job.answerStatus(), job.answerMs(), job.completionSeconds(),
                job.needed(), job.written(), job.writtenByInstance(), job.transactions(), job.writeUnits(),
                job.reportedWriteUnits()));
    }

    /** An organisation of the cell and its owner's token. */
    private record Organisation(String org, int members, String token) {

        String path() {
            return "/v1/orgs/" + org;
        }

        String membersPath() {
            return path() + "/members?limit=" + PAGE;
        }
    }

    /** Creates {@code size<members>} through the API with its owner, then adds the other members directly. */
    private Organisation organisation(int members) throws Exception {
        String org = "size" + members;
        String owner = "owner-" + org;
        String token = mint.mint(owner, owner + "@bench.example", List.of());
        admin.send("POST", "/v1/orgs", token, "{\"id\":\"" + org + "\",\"name\":\"Size " + members + "\"}")
                .expect(201, "create " + org);
        direct.add(org, "m", members - 1);
        long counted = direct.memberships(org);
        if (counted != members) {
            throw new IllegalStateException(org + " holds " + counted + " memberships, not " + members);
        }
        return new Organisation(org, members, token);
    }

    private JobRun rename(Organisation organisation, Instance instance) throws InterruptedException {
        Http api = instance.api();
        long needed = direct.memberships(organisation.org());
        String etag = api.get(organisation.path(), organisation.token()).expect(200, "read " + organisation.org())
                .etag();
        List<Meters> before = scrape();
        long start = System.nanoTime();
        Http.Reply answer = api.send("PATCH", organisation.path(), organisation.token(),
                "{\"name\":\"Renamed " + organisation.org() + "\"}", Map.of("If-Match", etag));
        double answerMs = (System.nanoTime() - start) / 1e6;
        answer.expect(200, "rename " + organisation.org());
        int polls = 0;
        while (!noJobs(api.get(organisation.path(), organisation.token()).expect(200, "progress").json())) {
            polls++;
            waitOrGiveUp(start, "the rename of " + organisation.org());
        }
        double completion = (System.nanoTime() - start) / 1e9;
        return job("rename", organisation.members(), instance, answer.status(), answerMs, completion, needed, before,
                polls);
    }

    private JobRun delete(Organisation organisation, Instance instance) throws InterruptedException {
        Http api = instance.api();
        long needed = direct.partitionItems(organisation.org()) - 1;
        List<Meters> before = scrape();
        long start = System.nanoTime();
        Http.Reply answer = api.send("DELETE", organisation.path(), organisation.token(), null);
        double answerMs = (System.nanoTime() - start) / 1e6;
        answer.expect(202, "delete " + organisation.org());
        int polls = 0;
        while (api.get("/v1/admin/tenants/" + organisation.org(), adminToken).status() != 404) {
            polls++;
            waitOrGiveUp(start, "the deletion of " + organisation.org());
        }
        double completion = (System.nanoTime() - start) / 1e9;
        if (direct.partitionItems(organisation.org()) != 0) {
            throw new IllegalStateException(organisation.org() + " answers 404 but items are left in its partition");
        }
        return job("delete", organisation.members(), instance, answer.status(), answerMs, completion, needed, before,
                polls);
    }

    private static boolean noJobs(JsonNode organisation) {
        JsonNode jobs = organisation.get("jobs");
        return jobs == null || jobs.isNull() || jobs.isEmpty();
    }

    private static void waitOrGiveUp(long startNanos, String what) throws InterruptedException {
        if (System.nanoTime() - startNanos > JOB_PATIENCE.toNanos()) {
            throw new IllegalStateException(what + " did not finish in " + JOB_PATIENCE);
        }
        Thread.sleep(PROGRESS_POLL.toMillis());
    }

    /**
     * The job's figures, once every instance's meters say it ended (the last page's items are counted just after the
     * write that makes the job look done, so the meters are read until they include its end).
     */
    private JobRun job(String kind, int members, Instance asked, int status, double answerMs,
                       double completionSeconds, long needed, List<Meters> before, int polls)
            throws InterruptedException {
        long deadline = System.nanoTime() + METERS_PATIENCE.toNanos();
        List<Meters> after = scrape();
        while (ended(after, before, kind) < 1 && System.nanoTime() < deadline) {
            Thread.sleep(100);
            after = scrape();
        }
        Map<String, Long> writtenBy = new LinkedHashMap<>();
        Map<String, Double> units = new TreeMap<>();
        Map<String, Long> ended = new TreeMap<>();
        for (int i = 0; i < instances.size(); i++) {
            Meters b = before.get(i);
            Meters a = after.get(i);
            String name = instances.get(i).name();
            writtenBy.put(name, Math.round(a.items(kind) - b.items(kind)));
            a.backgroundUnits().forEach((operation, value) -> units.merge(operation,
                    value - b.backgroundUnits().getOrDefault(operation, 0.0), Double::sum));
            a.ended().forEach((key, value) -> {
                long delta = Math.round(value - b.ended().getOrDefault(key, 0.0));
                if (delta > 0) {
                    ended.merge(name + " " + key, delta, Long::sum);
                }
            });
        }
        units.values().removeIf(value -> value == 0);
        long written = writtenBy.values().stream().mapToLong(Long::longValue).sum();
        double reportedWrites = units.entrySet().stream().filter(e -> WRITE_OPERATIONS.contains(e.getKey()))
                .mapToDouble(Map.Entry::getValue).sum();
        double reportedAll = units.values().stream().mapToDouble(Double::doubleValue).sum();
        long transactions = delta(after, before, Meters::transactions);
        long refused = delta(after, before, Meters::refusedTransactions);
        // every transaction but the last holds one checkpoint beside its items; the last holds two items
        long transactionalItems = transactions == 0 ? 0 : written + (transactions - 1) + 2;
        double writeUnits = TRANSACTIONAL_UNITS_PER_ITEM * transactionalItems;
        return new JobRun(kind, asked.name(), status, answerMs, completionSeconds, needed, written, written - needed,
                writtenBy, ended, polls, transactions, refused, transactionalItems, writeUnits,
                writeUnits / members, writeUnits / completionSeconds, reportedWrites, reportedAll - reportedWrites,
                units, reportedWrites / members);
    }

    private static long delta(List<Meters> after, List<Meters> before,
                              java.util.function.ToDoubleFunction<Meters> figure) {
        double sum = 0;
        for (int i = 0; i < after.size(); i++) {
            sum += figure.applyAsDouble(after.get(i)) - figure.applyAsDouble(before.get(i));
        }
        return Math.round(sum);
    }

    private static double ended(List<Meters> after, List<Meters> before, String kind) {
        double sum = 0;
        for (int i = 0; i < after.size(); i++) {
            for (var e : after.get(i).ended().entrySet()) {
                if (e.getKey().startsWith(kind + " ")) {
                    sum += e.getValue() - before.get(i).ended().getOrDefault(e.getKey(), 0.0);
                }
            }
        }
        return sum;
    }

    private static Projection projection(JobRun job, int members) {
        double units = job.writeUnitsPerMember() * PROJECTED_MEMBERS;
        double reported = job.reportedWriteUnitsPerMember() * PROJECTED_MEMBERS;
        return new Projection(job.kind(), PROJECTED_MEMBERS, DEFAULT_WRITE_UNITS_PER_SECOND, members,
                job.writeUnitsPerMember(), units / DEFAULT_WRITE_UNITS_PER_SECOND, job.reportedWriteUnitsPerMember(),
                reported / DEFAULT_WRITE_UNITS_PER_SECOND,
                job.completionSeconds() / members, job.completionSeconds() / members * PROJECTED_MEMBERS);
    }

    private List<Meters> scrape() {
        return instances.stream().map(instance -> Meters.of(Prometheus.scrape(instance.api()))).toList();
    }

    /**
     * An instance's job meters: items written by kind, jobs ended by kind and outcome, and the capacity consumed
     * outside any HTTP request (the jobs and the due-work polls) by DynamoDB operation.
     */
    private record Meters(Map<String, Double> itemsByKind, Map<String, Double> ended,
                          Map<String, Double> backgroundUnits, double transactions, double refusedTransactions) {

        static Meters of(Prometheus scrape) {
            Map<String, Double> background = new TreeMap<>();
            scrape.sumBy("enclave_dynamodb_capacity_sum", "uri", "operation").forEach((key, value) -> {
                if (key.startsWith("none ")) {
                    background.put(key.substring("none ".length()), value);
                }
            });
            Map<String, Double> calls = scrape.sumBy("enclave_dynamodb_calls_total", "uri", "operation", "outcome");
            return new Meters(scrape.sumBy("enclave_jobs_items_total", "kind"),
                    scrape.sumBy("enclave_jobs_ended_total", "kind", "outcome"), background,
                    calls.getOrDefault("none TransactWriteItems ok", 0.0),
                    calls.getOrDefault("none TransactWriteItems refused", 0.0));
        }

        double items(String kind) {
            return itemsByKind.getOrDefault(kind, 0.0);
        }
    }
}
