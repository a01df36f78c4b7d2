package dev.enclave.bench.chaos;

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
 * {@code bench/chaos}: the local jar under a mixed write load from several workers, with faults injected all along
 * and the server killed with SIGKILL and restarted several times; then every acknowledged write is checked through
 * the API and the table by the consistency checker, and {@code docs/reliability.md} is written. Loopback only,
 * bounded ({@code --minutes}, default 3).
 */
public final class ChaosRun {

    private static final Duration SETTLE = Duration.ofSeconds(15);

    private ChaosRun() {
    }

    public static void main(String[] args) throws Exception {
        ChaosOptions options = ChaosOptions.parse(args);
        Path root = Path.of(System.getProperty("enclave.bench.root", ".")).toAbsolutePath().normalize();
        Path work = Files.createTempDirectory("enclave-chaos-");
        log("work directory " + work);
        Tally tally = new Tally();
        List<String> properties = List.of("-Denclave.limits.enabled=false", "-Denclave.owed-work.grace=2s",
                "-Denclave.owed-work.sweep-interval=2s");
        try (LocalServer server = new LocalServer(root.resolve("app/target/enclave-local.jar"), work, properties)) {
            Duration firstStart = server.start();
            log("server ready in " + firstStart.toMillis() + " ms");
            Client client = new Client(server.base(), tally);
            long deadline = System.nanoTime() + options.duration().toNanos();
            List<Worker> workers = new ArrayList<>();
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < options.workers(); i++) {
                Worker worker = new Worker(i, client, options.seed() + i, deadline);
                workers.add(worker);
                threads.add(started(worker, "chaos-worker-" + i));
            }
            FaultInjector faults = new FaultInjector(new Client(server.base(), new Tally()), options.seed(), deadline);
            Thread injector = started(faults, "chaos-faults");
            List<Duration> recoveries = kills(server, options);
            for (Thread thread : threads) {
                thread.join();
            }
            injector.interrupt();
            injector.join();
            new Client(server.base(), new Tally()).send("DELETE", "/local/faults", null, null, Map.of());
            log("load done; letting the sweeper finish owed work for " + SETTLE.toSeconds() + " s");
            Thread.sleep(SETTLE.toMillis());
            List<TrackedOrganisation> organisations = new ArrayList<>();
            Map<String, String> tokens = new HashMap<>();
            workers.forEach(worker -> {
                organisations.addAll(worker.organisations());
                tokens.putAll(worker.tokens());
            });
            List<String> missing = new Verifier(new Client(server.base(), new Tally())).check(organisations, tokens);
            ConsistencyCheck.Outcome check = ConsistencyCheck.run(root, work);
            long swept = Files.readAllLines(work.resolve("server.log")).stream()
                    .filter(line -> line.contains("finished owed work")).count();
            ChaosReport report = new ChaosReport(options, Instant.now().truncatedTo(ChronoUnit.SECONDS), tally,
                    recoveries, faults.injected(), swept, organisations, missing, check);
            report.write(options.output(root));
            log(report.summary());
            if (!report.clean()) {
                System.exit(1);
            }
        }
    }

    /** Kills the server at even intervals and starts it again; returns each kill's time to ready. */
    private static List<Duration> kills(LocalServer server, ChaosOptions options) throws Exception {
        List<Duration> recoveries = new ArrayList<>();
        long interval = options.duration().toNanos() / (options.kills() + 1);
        for (int kill = 1; kill <= options.kills(); kill++) {
            Thread.sleep(Duration.ofNanos(interval).toMillis());
            long killed = System.nanoTime();
            server.kill();
            server.start();
            Duration recovery = Duration.ofNanos(System.nanoTime() - killed);
            recoveries.add(recovery);
            log("kill " + kill + ": SIGKILL, ready again after " + recovery.toMillis() + " ms");
        }
        return recoveries;
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
