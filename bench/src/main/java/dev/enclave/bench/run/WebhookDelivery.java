package dev.enclave.bench.run;

import dev.enclave.bench.server.BenchServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * How fast webhooks arrive (docs/webhooks.md): one server under test (the bench server's scoped application, its
 * unscoped baseline not started, so one instance makes every attempt) and a {@link TimingWebhookReceiver} in this
 * process on loopback, one endpoint per organisation, each wanting {@code service.created}.
 * <ul>
 *   <li><b>Latency</b>: services created at each fixed rate of {@link Options#rates()}, spread over a few
 *       organisations of the rate's own (an open loop: each write is sent at its time whatever the earlier ones are
 *       doing), a warm-up and then a measured window; each delivery's time from commit to receipt, with commit
 *       taken two ways: the envelope's {@code time} (stamped by the application just before it sends the
 *       transaction that commits the event) and the moment the write's 201 came back to the client. Every event
 *       must arrive once.</li>
 *   <li><b>Backlog</b>: with the receiver answering 503, a backlog of deliveries is made by creating services as
 *       fast as {@link Options#creators()} clients can, over several organisations; then the receiver answers 204
 *       and the backlog is due. How long until every delivery has arrived, and at what rate.</li>
 * </ul>
 * The retry schedule waits 5 s after a first failure and 5 min after a second, so a backlog built over minutes never
 * falls due at once on its own. The receiver's 503 therefore carries {@code Retry-After} with one HTTP date for every
 * delivery (a receiver down for maintenance naming when it is back): the product honours it when it is longer than
 * the schedule's wait, so every delivery's second attempt is due at that one instant, without a setting or a hook.
 * The date comes from the creation rate of a probe made the same way first (its deliveries asked to come back hours
 * later, after the drain).
 */
final class WebhookDelivery {

    /** {@code enclave.webhooks.concurrency}: attempts one instance makes at once (the default, set explicitly). */
    static final int ATTEMPT_THREADS = 8;
    /** {@code enclave.webhooks.poll-interval}: how often the instance reads the due-deliveries index (the default). */
    static final Duration POLL_INTERVAL = Duration.ofSeconds(1);
    /** The most due deliveries one poll reads from the index (the application's {@code DeliveryWorker}). */
    static final int POLL_PAGE = 100;
    /** What the application's DynamoDB metrics name the route of calls made outside any request. */
    private static final String OUTSIDE_REQUESTS = "none";
    private static final String LATENCY = "/latency/";
    private static final String BACKLOG = "/backlog/";
    private static final String TYPES = "[\"service.created\"]";
    /** Client threads of the fixed-rate writer: enough that a slow answer never delays the next write's sending. */
    static final int WRITERS = 32;
    /** Services of the probe that measures the backlog's creation rate first. */
    static final int PROBE_WRITES = 300;
    /**
     * The probe's services are answered 503 with a date this far away: their deliveries stay pending through the
     * drain, and their first attempts weigh on the probe as the backlog's will on its creation.
     */
    private static final Duration PROBE_WAIT = Duration.ofHours(6);
    private static final Duration PROBE_PATIENCE = Duration.ofSeconds(60);
    /**
     * The backlog's creation rate assumed, as a share of the probe's (room for the machine's drift): it sets when
     * the backlog falls due, which must come after the last first attempt has failed plus the schedule's longest
     * first wait.
     */
    static final double RATE_MARGIN = 0.85;
    static final Duration DUE_MARGIN = Duration.ofSeconds(15);
    /** Creation stops this long before the backlog falls due (the first wait is 5 s, a fifth more at most). */
    static final Duration CREATION_STOPS_BEFORE_DUE = Duration.ofSeconds(8);
    private static final Duration RECEIPT_POLL = Duration.ofMillis(200);
    /** The latency phase's window is cut in slices this long to show whether deliveries keep up. */
    static final Duration SLICE = Duration.ofSeconds(5);
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME;

    /**
     * What the cell runs: the latency phase's organisations (per rate), its rates of writes a second, warm-up,
     * measured window and how long to wait for the last deliveries; the backlog's size, organisations, creating
     * clients and how long its drain may take.
     */
    record Options(int organisations, List<Integer> rates, Duration warmUp, Duration measured, Duration grace,
                   int backlog, int backlogOrganisations, int creators, Duration drainPatience) {
    }

    /**
     * The latency phase at one rate (its organisations, writes a second, warm-up, measured window and the wait
     * allowed for the last deliveries): the writes of the measured window (sent, answered 201, answers by status,
     * the committed rate, the writes' own latency), the deliveries of their events (received, missing, received
     * more than once, without a signature the endpoint's secret verifies), latency from the envelope's {@code time}
     * and from the write's answer (p50, p90, p99, max in ms), how many arrived before the write's answer did, the
     * p50 from the envelope's {@code time} of the writes sent in each {@link #SLICE} of the window (steady, or
     * falling behind), and the DynamoDB calls made outside requests (the worker's) per delivery made at this rate,
     * by operation and outcome ({@code refused}: a condition that did not hold).
     */
    record Latency(int organisations, int perSecond, double warmUpSeconds, double measuredSeconds,
                   double graceSeconds, long writesSent, long writesCommitted, Map<Integer, Long> writeStatuses,
                   double committedPerSecond,
                   Map<String, Double> writeMs, long received, long missing, long duplicates, long unverified,
                   Map<String, Double> fromEventTimeMs, Map<String, Double> fromAnswerMs, long beforeAnswer,
                   List<Double> p50BySlice, Map<String, Double> workerCallsPerDelivery) {
    }

    /**
     * The backlog: its organisations and creating clients, the probe's creation rate (first attempts failing), the
     * services created with the receiver down (by status) in how long, the {@code Retry-After} sent and when it
     * fell due, the 503s answered before it and the deliveries among them tried more than once, then the drain:
     * deliveries received with 204 (missing, more than once, unverified), the first's and the last's arrival after
     * the backlog fell due, deliveries a second over the drain and per second of it, the application's attempts by
     * outcome and its DynamoDB calls outside requests per delivery, by operation and outcome, over the drain.
     */
    record Backlog(int organisations, int creators, double probePerSecond, long created,
                   Map<Integer, Long> createStatuses, double createSeconds, double createdPerSecond, String retryAfter,
                   double dueAfterCreationSeconds, long failedBeforeDue, long triedTwiceBeforeDue, long delivered,
                   long missing, long duplicates, long unverified, double firstSeconds, double drainSeconds,
                   double deliveriesPerSecond, List<Integer> perSecond, Spread perSecondSpread,
                   Map<String, Double> attempts, Map<String, Double> workerCallsPerDelivery) {
    }

    /** Everything the cell measured, with the application's delivery settings. */
    record Result(int attemptThreads, double pollIntervalSeconds, List<Latency> latency, Backlog backlog) {
    }

    /** An organisation and its owner's token. */
    private record Organisation(String org, String token) {
    }

    /**
     * A write: its organisation and service, whether it counts, its answer's status, when it was sent and when its
     * answer came back.
     */
    private record Write(String org, String service, boolean measured, int status, Instant sentAt,
                         Instant answeredAt, double ms) {

        String key() {
            return org + "/service/" + service;
        }
    }

    private final Http api;
    private final TokenMint mint;
    private final TimingWebhookReceiver receiver;

    private WebhookDelivery(ServerUnderTest server, TimingWebhookReceiver receiver) {
        this.api = new Http(server.scoped());
        this.mint = TokenMint.of(server.dataDir());
        this.receiver = receiver;
    }

    /** Starts its own server under {@code work} and the receiver, and runs both phases. */
    static Result measure(Path work, Options options) throws Exception {
        Path own = Files.createDirectories(work.resolve("webhooks"));
        List<String> jvm = List.of("-Xms1g", "-Xmx2g", "-D" + BenchServer.BASELINE_PROPERTY + "=false",
                "-Denclave.limits.enabled=false", "-Denclave.webhooks.concurrency=" + ATTEMPT_THREADS,
                "-Denclave.webhooks.poll-interval=" + POLL_INTERVAL.toMillis() + "ms");
        try (ServerUnderTest server = ServerUnderTest.start(own, jvm);
             TimingWebhookReceiver receiver = TimingWebhookReceiver.start()) {
            WebhookDelivery cell = new WebhookDelivery(server, receiver);
            List<Latency> latency = new ArrayList<>();
            for (int perSecond : options.rates()) {
                latency.add(cell.latency(options, perSecond));
            }
            Backlog backlog = cell.backlog(options);
            return new Result(ATTEMPT_THREADS, POLL_INTERVAL.toMillis() / 1000.0, latency, backlog);
        }
    }

    private Latency latency(Options options, int perSecond) throws Exception {
        List<Organisation> orgs = organisations("wh-r" + perSecond + "-", options.organisations());
        orgs.forEach(org -> endpoint(org, LATENCY));
        int warmUp = (int) (options.warmUp().toSeconds() * perSecond);
        int total = warmUp + (int) (options.measured().toSeconds() * perSecond);
        BenchRun.log(String.format(Locale.ROOT, "webhooks: %d services a second over %d organisations, %d s warm-up "
                + "and %d s measured", perSecond, orgs.size(), options.warmUp().toSeconds(),
                options.measured().toSeconds()));
        ExecutorService writers = Executors.newFixedThreadPool(WRITERS);
        List<Future<Write>> sent = new ArrayList<>();
        Prometheus before = Prometheus.scrape(api);
        long period = 1_000_000_000L / perSecond;
        long start = System.nanoTime();
        try {
            for (int i = 0; i < total; i++) {
                long at = start + i * period;
                for (long wait = at - System.nanoTime(); wait > 0; wait = at - System.nanoTime()) {
                    LockSupport.parkNanos(wait);
                }
                Organisation org = orgs.get(i % orgs.size());
                String service = "s" + i;
                boolean measured = i >= warmUp;
                sent.add(writers.submit(() -> create(org, service, measured)));
            }
            List<Write> writes = new ArrayList<>();
            for (Future<Write> write : sent) {
                writes.add(write.get());
            }
            List<Write> counted = writes.stream().filter(Write::measured).toList();
            List<Write> committed = counted.stream().filter(w -> w.status() == 201).toList();
            Instant lastAnswer = committed.stream().map(Write::answeredAt).max(Instant::compareTo)
                    .orElse(Instant.now());
            Set<String> expected = new HashSet<>(committed.stream().map(Write::key).toList());
            awaitReceipts(LATENCY, expected, 204, lastAnswer.plus(options.grace()));
            Prometheus after = Prometheus.scrape(api);
            long delivered = receiver.receipts(LATENCY).stream().filter(receipt -> orgs.stream()
                    .anyMatch(org -> org.org().equals(receipt.org()))).count();
            return latencyOf(options, perSecond, counted, committed, expected,
                    workerCalls(before, after, delivered));
        } finally {
            writers.shutdownNow();
        }
    }

    private Latency latencyOf(Options options, int perSecond, List<Write> counted, List<Write> committed,
                              Set<String> expected, Map<String, Double> workerCalls) {
        Map<String, Write> byKey = new HashMap<>();
        committed.forEach(write -> byKey.put(write.key(), write));
        Instant firstSent = counted.stream().map(Write::sentAt).min(Instant::compareTo).orElse(Instant.now());
        Instant lastAnswer = committed.stream().map(Write::answeredAt).max(Instant::compareTo).orElse(firstSent);
        Set<String> seenIds = new HashSet<>();
        Set<String> arrived = new HashSet<>();
        List<Double> fromTime = new ArrayList<>();
        List<Double> fromAnswer = new ArrayList<>();
        Map<Integer, List<Double>> bySlice = new TreeMap<>();
        long duplicates = 0;
        long unverified = 0;
        long beforeAnswer = 0;
        for (TimingWebhookReceiver.Receipt receipt : receiver.receipts(LATENCY)) {
            String key = receipt.org() + "/" + receipt.subject();
            if (!expected.contains(key)) {
                continue;
            }
            if (!seenIds.add(receipt.id())) {
                duplicates++;
                continue;
            }
            arrived.add(key);
            unverified += receipt.signatureVerified() ? 0 : 1;
            double latency = millis(receipt.time(), receipt.at());
            fromTime.add(latency);
            Write write = byKey.get(key);
            bySlice.computeIfAbsent((int) (millis(firstSent, write.sentAt()) / SLICE.toMillis()),
                    slice -> new ArrayList<>()).add(latency);
            double afterAnswer = millis(write.answeredAt(), receipt.at());
            fromAnswer.add(afterAnswer);
            beforeAnswer += afterAnswer < 0 ? 1 : 0;
        }
        Map<Integer, Long> statuses = new TreeMap<>();
        counted.forEach(write -> statuses.merge(write.status(), 1L, Long::sum));
        return new Latency(options.organisations(), perSecond, options.warmUp().toSeconds(),
                options.measured().toSeconds(), options.grace().toSeconds(), counted.size(), committed.size(),
                statuses,
                committed.size() / (millis(firstSent, lastAnswer) / 1000),
                Spread.percentiles(counted.stream().map(Write::ms).toList()), arrived.size(),
                expected.size() - arrived.size(), duplicates, unverified,
                fromTime.isEmpty() ? Map.of() : Spread.percentiles(fromTime),
                fromAnswer.isEmpty() ? Map.of() : Spread.percentiles(fromAnswer), beforeAnswer,
                bySlice.values().stream().map(slice -> Spread.quantile(slice, 0.5)).toList(), workerCalls);
    }

    /**
     * The DynamoDB calls made outside any request between two scrapes (the deliveries' worker's), by operation and
     * outcome, per delivery received.
     */
    private static Map<String, Double> workerCalls(Prometheus before, Prometheus after, long deliveries) {
        Map<String, Double> calls = new TreeMap<>();
        after.increase(before, "enclave_dynamodb_calls_total", "uri", "operation", "outcome").forEach((key, count) -> {
            if (key.startsWith(OUTSIDE_REQUESTS + " ")) {
                calls.put(key.substring(OUTSIDE_REQUESTS.length() + 1), deliveries == 0 ? Double.NaN
                        : count / deliveries);
            }
        });
        return calls;
    }

    private Backlog backlog(Options options) throws Exception {
        List<Organisation> orgs = organisations("wh-b", options.backlogOrganisations());
        orgs.forEach(org -> endpoint(org, BACKLOG));
        Instant hoursAway = Instant.now().plus(PROBE_WAIT).truncatedTo(ChronoUnit.SECONDS);
        receiver.answer(BACKLOG, new TimingWebhookReceiver.Reply(503, Optional.of(HTTP_DATE.format(hoursAway
                .atZone(ZoneOffset.UTC)))));
        BenchRun.log("webhooks: the backlog's creation rate, " + PROBE_WRITES + " services with the receiver "
                + "answering 503 and a date hours away");
        Creation probe = create(orgs, "p", PROBE_WRITES, options.creators(), Optional.empty());
        awaitReceipts(BACKLOG, new HashSet<>(probe.committed()), 503, Instant.now().plus(PROBE_PATIENCE));
        double probeRate = probe.committed().size() / probe.seconds();
        Instant due = Instant.now().plusMillis(Math.round(options.backlog() / (probeRate * RATE_MARGIN) * 1000))
                .plus(DUE_MARGIN).plusSeconds(1).truncatedTo(ChronoUnit.SECONDS);
        String retryAfter = HTTP_DATE.format(due.atZone(ZoneOffset.UTC));
        receiver.answer(BACKLOG, new TimingWebhookReceiver.Reply(503, Optional.of(retryAfter)));
        BenchRun.log(String.format(Locale.ROOT, "webhooks: %,d services over %d organisations with the receiver "
                + "answering 503, Retry-After: %s (probe: %.0f services a second)", options.backlog(), orgs.size(),
                retryAfter, probeRate));
        Creation creation = create(orgs, "b", options.backlog(), options.creators(),
                Optional.of(due.minus(CREATION_STOPS_BEFORE_DUE)));
        Instant created = Instant.now();
        Set<String> expected = new HashSet<>(creation.committed());
        BenchRun.log(String.format(Locale.ROOT, "webhooks: %,d created in %.0f s; the backlog falls due in %.0f s",
                expected.size(), creation.seconds(), millis(created, due) / 1000));
        waitUntil(due.minusMillis(500));
        List<TimingWebhookReceiver.Receipt> failed = receiver.receipts(BACKLOG);
        receiver.answer(BACKLOG, TimingWebhookReceiver.Reply.noContent());
        Prometheus before = Prometheus.scrape(api);
        BenchRun.log("webhooks: the receiver answers 204; draining");
        awaitReceipts(BACKLOG, expected, 204, Instant.now().plus(options.drainPatience()));
        Prometheus after = Prometheus.scrape(api);
        return backlogOf(options, probeRate, creation, expected, retryAfter, due, created, failed, before, after);
    }

    private Backlog backlogOf(Options options, double probeRate, Creation creation, Set<String> expected,
                              String retryAfter, Instant due, Instant created,
                              List<TimingWebhookReceiver.Receipt> failed, Prometheus before, Prometheus after) {
        Map<String, Integer> failures = new HashMap<>();
        failed.stream().filter(receipt -> expected.contains(receipt.org() + "/" + receipt.subject()))
                .forEach(receipt -> failures.merge(receipt.id(), 1, Integer::sum));
        Set<String> seenIds = new HashSet<>();
        Set<String> arrived = new HashSet<>();
        long duplicates = 0;
        long unverified = 0;
        Instant first = null;
        Instant last = null;
        List<Instant> arrivals = new ArrayList<>();
        for (TimingWebhookReceiver.Receipt receipt : receiver.receipts(BACKLOG)) {
            String key = receipt.org() + "/" + receipt.subject();
            if (receipt.answered() != 204 || !expected.contains(key)) {
                continue;
            }
            if (!seenIds.add(receipt.id())) {
                duplicates++;
                continue;
            }
            arrived.add(key);
            unverified += receipt.signatureVerified() ? 0 : 1;
            arrivals.add(receipt.at());
            first = first == null || receipt.at().isBefore(first) ? receipt.at() : first;
            last = last == null || receipt.at().isAfter(last) ? receipt.at() : last;
        }
        double drain = last == null ? Double.NaN : millis(due, last) / 1000;
        List<Integer> perSecond = new ArrayList<>();
        for (Instant arrival : arrivals) {
            int second = (int) Math.max(0, Math.floor(millis(due, arrival) / 1000));
            while (perSecond.size() <= second) {
                perSecond.add(0);
            }
            perSecond.set(second, perSecond.get(second) + 1);
        }
        // the whole seconds of the drain, its first and its last (partly idle) left out
        List<Double> fullSeconds = perSecond.size() > 2 ? perSecond.subList(1, perSecond.size() - 1).stream()
                .map(Integer::doubleValue).toList() : List.of();
        return new Backlog(options.backlogOrganisations(), options.creators(), probeRate, expected.size(),
                creation.statuses(), creation.seconds(), expected.size() / creation.seconds(), retryAfter,
                millis(created, due) / 1000, failures.size(),
                failures.values().stream().filter(n -> n > 1).count(), arrived.size(),
                expected.size() - arrived.size(), duplicates, unverified,
                first == null ? Double.NaN : millis(due, first) / 1000, drain, arrived.size() / drain, perSecond,
                Spread.of(fullSeconds), after.increase(before, "enclave_webhooks_attempts_total", "outcome"),
                workerCalls(before, after, arrived.size()));
    }

    /** Services created: the keys answered 201, every answer by status, and the seconds it took. */
    private record Creation(List<String> committed, Map<Integer, Long> statuses, double seconds) {
    }

    /**
     * Creates {@code count} services named {@code <prefix><n>} over {@code orgs}, {@code threads} clients sending
     * one after another as fast as they are answered, until all are or {@code until} comes.
     */
    private Creation create(List<Organisation> orgs, String prefix, int count, int threads, Optional<Instant> until)
            throws Exception {
        AtomicInteger next = new AtomicInteger();
        List<String> committed = Collections.synchronizedList(new ArrayList<>());
        Map<Integer, Long> statuses = new ConcurrentHashMap<>();
        ExecutorService clients = Executors.newFixedThreadPool(threads);
        long start = System.nanoTime();
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                running.add(clients.submit(() -> {
                    for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
                        if (until.filter(Instant.now()::isAfter).isPresent()) {
                            return;
                        }
                        Write write = create(orgs.get(i % orgs.size()), prefix + i, true);
                        statuses.merge(write.status(), 1L, Long::sum);
                        if (write.status() == 201) {
                            committed.add(write.key());
                        }
                    }
                }));
            }
            for (Future<?> thread : running) {
                thread.get();
            }
        } finally {
            clients.shutdownNow();
        }
        return new Creation(List.copyOf(committed), new TreeMap<>(statuses), (System.nanoTime() - start) / 1e9);
    }

    private Write create(Organisation org, String service, boolean measured) {
        Instant sentAt = Instant.now();
        long began = System.nanoTime();
        int status;
        try {
            status = api.send("POST", "/v1/orgs/" + org.org() + "/services", org.token(),
                    "{\"id\":\"" + service + "\",\"name\":\"" + service + "\"}").status();
        } catch (RuntimeException unanswered) {
            status = 0;
        }
        return new Write(org.org(), service, measured, status, sentAt, Instant.now(),
                (System.nanoTime() - began) / 1e6);
    }

    private List<Organisation> organisations(String prefix, int count) {
        List<Organisation> orgs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String org = String.format(Locale.ROOT, "%s%02d", prefix, i);
            String owner = "owner-" + org;
            String token = mint.mint(owner, owner + "@bench.example", List.of());
            api.send("POST", "/v1/orgs", token, "{\"id\":\"" + org + "\",\"name\":\"" + org + "\"}")
                    .expect(201, "create " + org);
            orgs.add(new Organisation(org, token));
        }
        return orgs;
    }

    /** Adds {@code org}'s endpoint, posting to {@code prefix<org>} at the receiver, for services created. */
    private void endpoint(Organisation org, String prefix) {
        String path = prefix + org.org();
        Http.Reply created = api.send("POST", "/v1/orgs/" + org.org() + "/webhooks", org.token(),
                "{\"url\":\"" + receiver.url(path) + "\",\"types\":" + TYPES + "}").expect(201, "endpoint of "
                + org.org());
        receiver.secret(path, created.json().get("secret").asText());
    }

    /** Waits until every key in {@code expected} was answered {@code status} under {@code prefix}, or until then. */
    private void awaitReceipts(String prefix, Set<String> expected, int status, Instant until)
            throws InterruptedException {
        while (Instant.now().isBefore(until)) {
            Set<String> arrived = new HashSet<>();
            receiver.receipts(prefix).stream().filter(receipt -> receipt.answered() == status)
                    .forEach(receipt -> arrived.add(receipt.org() + "/" + receipt.subject()));
            if (arrived.containsAll(expected)) {
                return;
            }
            Thread.sleep(RECEIPT_POLL.toMillis());
        }
    }

    private static void waitUntil(Instant when) throws InterruptedException {
        long millis = Duration.between(Instant.now(), when).toMillis();
        if (millis > 0) {
            Thread.sleep(millis);
        }
    }

    private static double millis(Instant from, Instant to) {
        return Duration.between(from, to).toNanos() / 1e6;
    }
}
