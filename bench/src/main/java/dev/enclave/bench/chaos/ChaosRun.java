package dev.enclave.bench.chaos;

import dev.enclave.bench.run.DirectMembers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code bench/chaos}: the local jar, with its indexes lagging and its transactions conflicting as DynamoDB's do,
 * under a mixed write load from several workers (removals racing grants, ids deleted and created again) and renames
 * and deletions of organisations of hundreds of members, with faults injected all along and the server killed with
 * SIGKILL and restarted several times, each organisation with a webhook endpoint pointed at a receiver of the
 * run's own; then, once the background jobs have finished, every acknowledged write is checked through the API and
 * the table, once the deliveries have drained every event of each feed must have reached the receiver, the
 * consistency checker reads the table, and {@code docs/reliability.md} is written. Loopback only, bounded
 * ({@code --minutes}, default 3).
 */
public final class ChaosRun {

    /**
     * What the server runs with: as a user runs it, with limits off, AWS's index lag and conflicts on, and leases
     * short enough that a job's or a webhook delivery's work cut off by a kill is taken over soon after the restart.
     */
    static final List<String> SETTINGS = List.of("-Denclave.limits.enabled=false",
            "-Denclave.jobs.poll-interval=1s", "-Denclave.jobs.first-poll=1s", "-Denclave.jobs.lease=5s",
            "-Denclave.webhooks.lease=20s", "-Denclave.local.index-lag=300ms",
            "-Denclave.local.transaction-conflicts=20ms");
    private static final String TABLE = "enclave";

    private ChaosRun() {
    }

    public static void main(String[] args) throws Exception {
        ChaosOptions options = ChaosOptions.parse(args);
        Path root = Path.of(System.getProperty("enclave.bench.root", ".")).toAbsolutePath().normalize();
        Path work = Files.createTempDirectory("enclave-chaos-");
        log("work directory " + work);
        Tally tally = new Tally();
        try (LocalServer server = new LocalServer(root.resolve("app/target/enclave-local.jar"), work, SETTINGS);
             DirectMembers table = new DirectMembers(server.dynamoDb(), TABLE);
             FlakyWebhookReceiver receiver = new FlakyWebhookReceiver(options.seed())) {
            Duration firstStart = server.start();
            log("server ready in " + firstStart.toMillis() + " ms");
            Client client = new Client(server.base(), tally);
            Workload workload = new Workload();
            Subscriber subscriber = new Subscriber(client, receiver);
            BigOrganisationWorker big = new BigOrganisationWorker(client, options.seed() + options.workers(),
                    workload);
            big.seed(table, subscriber);
            log(BigOrganisationWorker.COUNT + " organisations of " + BigOrganisationWorker.MEMBERS
                    + " members written into the table");
            long start = System.nanoTime();
            long deadline = start + options.duration().toNanos();
            long killInterval = options.duration().toNanos() / (options.kills() + 1);
            List<Worker> workers = new ArrayList<>();
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < options.workers(); i++) {
                Worker worker = new Worker(i, client, options.seed() + i, deadline, workload, subscriber);
                workers.add(worker);
                threads.add(started(worker, "chaos-worker-" + i));
            }
            threads.add(started(() -> big.drive(start, deadline, killInterval), "chaos-big"));
            FaultInjector faults = new FaultInjector(new Client(server.base(), new Tally()), options.seed(), deadline);
            Thread injector = started(faults, "chaos-faults");
            List<Duration> recoveries = kills(server, receiver, start, options.kills(), killInterval);
            for (Thread thread : threads) {
                thread.join();
            }
            injector.interrupt();
            injector.join();
            new Client(server.base(), new Tally()).send("DELETE", "/local/faults", null, null, Map.of());
            log("load done; waiting for the background jobs to finish, then checking");
            List<TrackedOrganisation> organisations = new ArrayList<>(big.organisations());
            Map<String, String> tokens = new HashMap<>(big.tokens());
            List<String> findings = new ArrayList<>();
            workers.forEach(worker -> {
                organisations.addAll(worker.organisations());
                tokens.putAll(worker.tokens());
                findings.addAll(worker.findings());
            });
            Verifier.Outcome verified = new Verifier(client, table).check(organisations, tokens);
            findings.addAll(verified.findings());
            log("checked; waiting for the webhook deliveries to drain, then checking them against the feeds");
            WebhookChecks.Outcome webhooks = new WebhookChecks(client, receiver, server.killedAt()).check(
                    organisations, tokens, deadline, work.resolve("server.log"));
            OfflineConsistencyCheck.Outcome check = OfflineConsistencyCheck.run(root, work);
            ChaosReport report = new ChaosReport(options, Instant.now().truncatedTo(ChronoUnit.SECONDS), tally,
                    recoveries, faults.injected(), JobLog.read(work.resolve("server.log")), workload, organisations,
                    verified, findings, webhooks, check);
            report.write(options.output(root));
            log(report.summary());
            if (!report.clean()) {
                System.exit(1);
            }
        }
    }

    /**
     * Kills the server at {@code startNanos} plus each multiple of {@code intervalNanos} (whatever the restarts took,
     * so the big organisations' deletions can be timed to them) and starts it again; returns each kill's time to ready.
     * The receiver holds its answers across each kill, so that the kill finds webhook attempts in flight.
     */
    private static List<Duration> kills(LocalServer server, FlakyWebhookReceiver receiver, long startNanos, int kills,
                                        long intervalNanos) throws Exception {
        List<Duration> recoveries = new ArrayList<>();
        for (int kill = 1; kill <= kills; kill++) {
            long killAt = startNanos + kill * intervalNanos;
            sleepUntil(killAt - FlakyWebhookReceiver.HOLD_BEFORE_KILL.toNanos());
            receiver.holdAcross(killAt);
            sleepUntil(killAt);
            long killed = System.nanoTime();
            server.kill();
            server.start();
            Duration recovery = Duration.ofNanos(System.nanoTime() - killed);
            recoveries.add(recovery);
            log("kill " + kill + ": SIGKILL, ready again after " + recovery.toMillis() + " ms");
        }
        return recoveries;
    }

    private static void sleepUntil(long nanos) throws InterruptedException {
        Thread.sleep(Math.max(0, Duration.ofNanos(nanos - System.nanoTime()).toMillis()));
    }

    private static Thread started(Runnable work, String name) {
        Thread thread = new Thread(work, name);
        thread.start();
        return thread;
    }

    static void log(String message) {
        System.out.println(Instant.now().truncatedTo(ChronoUnit.SECONDS) + " " + message);
    }
}
