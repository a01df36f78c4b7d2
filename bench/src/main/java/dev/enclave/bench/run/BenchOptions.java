package dev.enclave.bench.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * How long and how much the benchmark runs. The defaults are what {@code docs/performance.md} reports;
 * {@code --quick} is a smoke run (minutes, not comparable figures).
 *
 * @param tenantCounts  the tenant counts of the load matrix (the largest is seeded)
 * @param coldTenants   tenants kept for the cold-credentials probe (never touched before it)
 * @param scaleCounts   tenants whose credentials the scale probe caches
 * @param startups      start-up repetitions per configuration
 * @param refusedWarmUp requests of each refused kind before its measured ones
 * @param refusedRequests measured requests of each refused kind
 * @param refusalCost   a request refused over its budget against a served one, on the noisy-neighbour server
 * @param tenantSize    the organisation sizes and the jobs' rate of the tenant-size cell
 * @param joins         the bursts of accepts into one organisation of the joins cell
 * @param events        the events cell: the write workload with events on and off, and a feed page
 * @param webhooks      the webhooks cell: delivery latency at a fixed rate of events, and a backlog's drain
 * @param permissions   the permissions cell: a permission check against GET /v1/orgs/{org}, and the check endpoints'
 *                      DynamoDB calls
 */
record BenchOptions(boolean quick, Duration warmUpSegment, Duration leadIn, Duration segment, int rounds,
                    List<Integer> tenantCounts, int coldTenants, List<Integer> scaleCounts, int startups,
                    int costWalks, int refusedWarmUp, int refusedRequests, String jmhArguments, Path output,
                    Path docs, int noisyRounds, Duration noisyPhase, RefusalCost.Options refusalCost,
                    TenantSize.Options tenantSize, JoinBursts.Options joins, EventCost.Options events,
                    WebhookDelivery.Options webhooks, PermissionCheck.Options permissions) {

    /** The jobs' rate in the tenant-size cell: the product's default, set explicitly so the report can say it. */
    static final int JOB_WRITE_UNITS_PER_SECOND = 250;
    /** How often each instance looks for jobs nobody holds in that cell (the default is 5 s; see the report). */
    static final Duration JOB_POLL_INTERVAL = Duration.ofSeconds(1);
    /**
     * How much longer than DynamoDB Local a transaction holds its items in the joins cell: DynamoDB's transactions
     * commit in two phases and take tens of milliseconds.
     */
    static final Duration CONFLICT_HOLD = Duration.ofMillis(20);

    static BenchOptions parse(String[] args) {
        boolean quick = List.of(args).contains("--quick");
        Path root = Path.of(System.getProperty("enclave.bench.root", "."));
        if (quick) {
            return new BenchOptions(true, Duration.ofSeconds(5), Duration.ofSeconds(1), Duration.ofSeconds(4), 1,
                    List.of(1, 10, 100), 50, List.of(100, 1_000), 1, 1, 5, 10, "-f 1 -wi 1 -w 1s -i 2 -r 1s",
                    root.resolve("bench/results/quick.json"), root.resolve("bench/results/quick"), 1,
                    Duration.ofSeconds(8), new RefusalCost.Options(200, 300, 2),
                    new TenantSize.Options(List.of(100, 1_000), JOB_WRITE_UNITS_PER_SECOND, JOB_POLL_INTERVAL, 2, 20,
                            30), new JoinBursts.Options(List.of(50), 1, CONFLICT_HOLD),
                    new EventCost.Options(100, Duration.ofSeconds(10), Duration.ofSeconds(1), Duration.ofSeconds(5),
                            3, 100, 10, 20),
                    new WebhookDelivery.Options(5, List.of(10, 50), Duration.ofSeconds(5), Duration.ofSeconds(15),
                            Duration.ofSeconds(30), 1_000, 5, 16, Duration.ofMinutes(2)),
                    new PermissionCheck.Options(20, Duration.ofSeconds(5), Duration.ofSeconds(1),
                            Duration.ofSeconds(5), 2, 20));
        }
        return new BenchOptions(false, Duration.ofSeconds(10), Duration.ofSeconds(3), Duration.ofSeconds(10), 7,
                List.of(1, 100, 10_000), 1_000, List.of(1_000, 10_000, 100_000), 5, 5, 30, 100,
                "-f 1 -wi 3 -w 2s -i 5 -r 2s", root.resolve("bench/results/latest.json"), root.resolve("docs"), 5,
                Duration.ofSeconds(20), new RefusalCost.Options(2_000, 2_000, 5),
                new TenantSize.Options(List.of(100, 1_000, 10_000), JOB_WRITE_UNITS_PER_SECOND, JOB_POLL_INTERVAL, 5,
                        100, 200), new JoinBursts.Options(List.of(50, 200), 3, CONFLICT_HOLD),
                new EventCost.Options(100, Duration.ofSeconds(30), Duration.ofSeconds(3), Duration.ofSeconds(10), 7,
                        100, 50, 200),
                new WebhookDelivery.Options(5, List.of(10, 25, 50), Duration.ofSeconds(10), Duration.ofSeconds(40),
                        Duration.ofSeconds(60), 10_000, 10, 16, Duration.ofMinutes(10)),
                new PermissionCheck.Options(100, Duration.ofSeconds(30), Duration.ofSeconds(3),
                        Duration.ofSeconds(15), 5, 200));
    }

    int largestTenantCount() {
        return tenantCounts.stream().mapToInt(Integer::intValue).max().orElseThrow();
    }
}
