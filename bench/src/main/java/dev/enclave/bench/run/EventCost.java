package dev.enclave.bench.run;

import dev.enclave.app.domain.event.RecordedEvent;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.TableAttributes;
import dev.enclave.app.infra.store.event.EventReads;
import dev.enclave.bench.load.Cell;
import dev.enclave.bench.load.InviteePools;
import dev.enclave.bench.load.LoadMatrix;
import dev.enclave.bench.load.Sample;
import dev.enclave.bench.load.Wrk;
import dev.enclave.bench.server.BenchServer;
import dev.enclave.identity.TenantId;
import dev.enclave.sandbox.LocalAwsSandbox;
import dev.enclave.sandbox.sigv4.Principal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * What events cost (issue 25): every workflow's transaction also takes the next place at the organisation's log head
 * and puts its event there. Two servers under test side by side, each in a JVM of its own with its own sandbox:
 * <b>events on</b> (Enclave as shipped) and <b>events off</b> (the same, with the bench module's {@code NoEvents}
 * in place of the event log: {@value BenchServer#EVENTS_PROPERTY}{@code =off}). Each seeds the same tenants and runs
 * section 1's write workload (invite, accept), the two servers back to back in every round, which goes first
 * alternating, so the machine's drift lands on both. Then:
 * <ul>
 *   <li>the write units events add per write, from the events the rounds stored (read back from the table as the
 *       application's principal, priced by DynamoDB's rules: {@link ItemSizes}), with the gateway's charges of both
 *       servers' transactions beside them;</li>
 *   <li>what one feed page of 100 costs: {@code GET /v1/orgs/{org}/events?limit=100} on an organisation with more
 *       events than that, its DynamoDB calls per page read off the server's own metrics.</li>
 * </ul>
 */
final class EventCost {

    private static final int WRK_THREADS = 2;
    private static final int CONNECTIONS = 16;
    private static final int SEEDING_THREADS = 8;
    /** The log's head and its events in the organisation's control partition (infra.store.event.EventKeys). */
    private static final String HEAD = "EVENTS";
    private static final String EVENT_PREFIX = "EVENT#";
    private static final String PAST_LAST_EVENT = EVENT_PREFIX + "~";
    /** What every item of the log begins with: its head, its events (and an app event's idempotency key). */
    private static final String LOG = "EVENT";
    private static final int FEED_PAGE = 100;
    private static final String FEED = "GET /v1/orgs/{org}/events";
    private static final List<String> WRITES = List.of("POST /v1/orgs/{org}/invitations",
            "POST /v1/invitations/accept");
    private static final String TRANSACTION = "TransactWriteItems";
    private static final Duration METERS_PATIENCE = Duration.ofSeconds(5);

    /**
     * What the cell runs: tenants per server, the load's warm-up (per server: fresh JVMs, so longer than section 1's
     * per cell), lead-in, measured segment and rounds, and the feed probe's invitations (each one event, beside the
     * few the organisation's set-up records), unmeasured pages and measured pages.
     */
    record Options(int tenants, Duration warmUp, Duration leadIn, Duration segment, int rounds, int feedInvitations,
                   int feedWarmUp, int feedPages) {
    }

    /**
     * One kind of transaction of the write mix, as its stored events show it: the event types it recorded, how many
     * transactions, the event items' sizes, and the write units its events and its head update cost by DynamoDB's
     * rules (2 per KB of each item, rounded up per item).
     */
    record Shape(String records, long transactions, int eventsPerTransaction, Spread eventItemBytes,
                 Spread unitsPerTransaction, double meanUnitsPerTransaction) {
    }

    /**
     * A write endpoint on both servers over the rounds: requests, TransactWriteItems units per request as the sandbox
     * gateway charges them (DynamoDB's rules, from the items' images before and after), and DynamoDB calls per
     * request by operation.
     */
    record Charged(String endpoint, long requestsOn, long requestsOff, double unitsOn, double unitsOff,
                   double unitsAdded, Map<String, Double> callsOn, Map<String, Double> callsOff) {
    }

    /**
     * What events added to the rounds' writes: the writes answered (2xx) on the events-on server, the transactions
     * and events found in its table, the heads' sizes, each kind of transaction, the write units added per write
     * answered, the gateway's charges, and the log items found on the events-off server (none, if it is what it
     * says).
     */
    record Capacity(long writesAnswered, long transactionsFound, long eventsFound, Spread headItemBytes,
                    List<Shape> shapes, double unitsAddedPerWrite, List<Charged> charged,
                    long logItemsWithEventsOff) {
    }

    /**
     * A feed page of {@value #FEED_PAGE}: the organisation, the events in its log, pages measured, DynamoDB calls
     * per page by operation (the server's metrics), the page's items' bytes and the read units DynamoDB bills a
     * strongly consistent Query of them, DynamoDB Local's report, and the pages' latency (one client, one at a time).
     */
    record Feed(String org, long eventsInLog, int pages, int itemsPerPage, Map<String, Double> callsPerPage,
                double queriesPerPage, long pageBytes, long readUnits, double reportedReadUnitsPerPage,
                Map<String, Double> latencyMs) {
    }

    /** Everything the cell measured. */
    record Result(int tenants, int wrkThreads, int connections, int rounds, double warmUpSeconds,
                  double leadInSeconds, double segmentSeconds, Results.CellResult on, Results.CellResult off,
                  Results.Ratio ratio, Capacity capacity, Feed feed) {
    }

    /** One server under test and what runs load on it. */
    private record Side(Cell cell, LoadMatrix matrix, List<Seeding.Tenant> tenants, DynamoDbClient table) {
    }

    private EventCost() {
    }

    /** Starts the two servers under {@code work}; {@code root} is the repository (for the wrk scripts). */
    static Result measure(Path work, Path root, Options options) throws Exception {
        if (!EventReads.HEAD.holds(HEAD) || !EventReads.EVENT.holds(sortKey(1))) {
            throw new IllegalStateException("the log's keys are no longer " + HEAD + " and " + EVENT_PREFIX
                    + "<place>: update EventCost");
        }
        Wrk wrk = new Wrk(root.resolve("bench/wrk"), WRK_THREADS, CONNECTIONS);
        List<String> jvm = List.of("-Xms1g", "-Xmx4g", "-D" + BenchServer.BASELINE_PROPERTY + "=false");
        List<String> withoutEvents = new ArrayList<>(jvm);
        withoutEvents.add("-D" + BenchServer.EVENTS_PROPERTY + "=off");
        Path onDirectory = Files.createDirectories(work.resolve(Cell.EVENTS_ON));
        Path offDirectory = Files.createDirectories(work.resolve(Cell.EVENTS_OFF));
        BenchRun.log("events: starting two servers, events on and events off");
        try (ServerUnderTest onServer = ServerUnderTest.start(onDirectory, jvm);
             ServerUnderTest offServer = ServerUnderTest.start(offDirectory, withoutEvents);
             DynamoDbClient onTable = platform(onServer);
             DynamoDbClient offTable = platform(offServer)) {
            Side on = side(Cell.EVENTS_ON, onServer, onTable, onDirectory, wrk, options.tenants());
            Side off = side(Cell.EVENTS_OFF, offServer, offTable, offDirectory, wrk, options.tenants());
            String first = on.tenants().get(0).org();
            if (head(onTable, first).isEmpty() || head(offTable, first).isPresent()) {
                throw new IllegalStateException("events on should record " + first + "'s founding and events off "
                        + "should not: heads " + head(onTable, first) + " / " + head(offTable, first));
            }
            BenchRun.log("events: warm-up, " + options.warmUp().toSeconds() + " s on each server");
            for (Side side : List.of(on, off)) {
                side.matrix().warmUp(List.of(List.of(side.cell())), options.warmUp());
            }
            Map<String, Long> headsBefore = heads(onTable, on.tenants());
            Prometheus onBefore = Prometheus.scrape(new Http(onServer.scoped()));
            Prometheus offBefore = Prometheus.scrape(new Http(offServer.scoped()));
            Map<Cell, List<Sample>> samples = new LinkedHashMap<>();
            samples.put(on.cell(), new ArrayList<>());
            samples.put(off.cell(), new ArrayList<>());
            for (int round = 0; round < options.rounds(); round++) {
                for (Side side : round % 2 == 0 ? List.of(on, off) : List.of(off, on)) {
                    Sample sample = side.matrix().measure(side.cell(), round, options.leadIn(), options.segment());
                    samples.get(side.cell()).add(sample);
                    BenchRun.log(String.format(Locale.ROOT, "events: round %d %-22s %8.1f req/s  p50 %6.2f ms  "
                            + "p99 %6.2f ms  cpu %.3f ms/req  errors %d", round + 1, side.cell().name(),
                            sample.throughput(), sample.p50Ms(), sample.p99Ms(), sample.cpuMsPerRequest(),
                            sample.errors()));
                }
            }
            Prometheus onAfter = Prometheus.scrape(new Http(onServer.scoped()));
            Prometheus offAfter = Prometheus.scrape(new Http(offServer.scoped()));
            Results.CellResult onResult = Results.CellResult.of(on.cell(), samples.get(on.cell()));
            Results.CellResult offResult = Results.CellResult.of(off.cell(), samples.get(off.cell()));
            BenchRun.log("events: reading back the events the rounds stored");
            Capacity capacity = capacity(on, off, headsBefore, onBefore, onAfter, offBefore, offAfter);
            BenchRun.log("events: a feed page of " + FEED_PAGE);
            Feed feed = feed(onServer, onTable, options);
            return new Result(options.tenants(), WRK_THREADS, CONNECTIONS, options.rounds(),
                    options.warmUp().toSeconds(), options.leadIn().toSeconds(), options.segment().toSeconds(),
                    onResult, offResult, Results.Ratio.of("write, events on ÷ off", onResult, offResult), capacity,
                    feed);
        }
    }

    private static Side side(String path, ServerUnderTest server, DynamoDbClient table, Path directory, Wrk wrk,
                             int tenants) throws Exception {
        TokenMint mint = TokenMint.of(server.dataDir());
        BenchRun.log("events: seeding " + tenants + " tenants on the " + path + " server");
        List<Seeding.Tenant> seeded = new Seeding(new Http(server.scoped()), mint).seed("e", tenants, tenants,
                SEEDING_THREADS);
        Path tenantsFile = directory.resolve("tenants.txt");
        Seeding.write(tenantsFile, seeded);
        InviteePools invitees = new InviteePools(directory,
                (subject, email) -> mint.mint(subject, email, List.of()));
        return new Side(new Cell("write", path, tenants), new LoadMatrix(wrk, server, tenantsFile, invitees), seeded,
                table);
    }

    private static Capacity capacity(Side on, Side off, Map<String, Long> headsBefore, Prometheus onBefore,
                                     Prometheus onAfter, Prometheus offBefore, Prometheus offAfter) {
        Map<String, List<Map<String, AttributeValue>>> transactions = new LinkedHashMap<>();
        Map<String, Long> headBytes = new TreeMap<>();
        long events = 0;
        for (Seeding.Tenant tenant : on.tenants()) {
            String org = tenant.org();
            headBytes.put(org, ItemSizes.of(on.table().getItem(b -> b.tableName(BenchServer.TABLE)
                    .consistentRead(true).key(ItemKey.inTenant(TenantId.of(org), HEAD).asMap())).item()));
            for (Map<String, AttributeValue> item : eventsAfter(on.table(), org, headsBefore.get(org))) {
                RecordedEvent event = EventReads.EVENT.read(item).event();
                // the events of one transaction share its request and its time
                transactions.computeIfAbsent(org + " " + event.requestId().orElse("-") + " " + event.time(),
                        key -> new ArrayList<>()).add(item);
                events++;
            }
        }
        Map<String, List<List<Map<String, AttributeValue>>>> byShape = new TreeMap<>();
        transactions.values().forEach(items -> byShape.computeIfAbsent(records(items), key -> new ArrayList<>())
                .add(items));
        List<Shape> shapes = new ArrayList<>();
        double units = 0;
        for (Map.Entry<String, List<List<Map<String, AttributeValue>>>> shape : byShape.entrySet()) {
            List<Double> sizes = new ArrayList<>();
            List<Double> perTransaction = new ArrayList<>();
            for (List<Map<String, AttributeValue>> items : shape.getValue()) {
                String org = EventReads.EVENT.read(items.get(0)).event().organisation().value();
                long added = ItemSizes.transactionalWriteUnits(headBytes.get(org));
                for (Map<String, AttributeValue> item : items) {
                    long bytes = ItemSizes.of(item);
                    sizes.add((double) bytes);
                    added += ItemSizes.transactionalWriteUnits(bytes);
                }
                perTransaction.add((double) added);
                units += added;
            }
            shapes.add(new Shape(shape.getKey(), shape.getValue().size(), shape.getValue().get(0).size(),
                    Spread.of(sizes), Spread.of(perTransaction),
                    perTransaction.stream().mapToDouble(Double::doubleValue).average().orElse(0)));
        }
        Map<String, Double> answered = onAfter.increase(onBefore, "http_server_requests_seconds_count", "method",
                "uri", "status");
        long writes = Math.round(answered.entrySet().stream()
                .filter(e -> WRITES.stream().anyMatch(w -> e.getKey().startsWith(w + " 2")))
                .mapToDouble(Map.Entry::getValue).sum());
        List<Charged> charged = WRITES.stream().map(endpoint -> charged(endpoint, onBefore, onAfter, offBefore,
                offAfter)).toList();
        long logItemsOff = off.tenants().stream().mapToLong(t -> logItems(off.table(), t.org())).sum();
        return new Capacity(writes, transactions.size(), events, Spread.of(headBytes.values().stream()
                .map(Long::doubleValue).toList()), shapes, writes == 0 ? Double.NaN : units / writes, charged,
                logItemsOff);
    }

    /** The event types a transaction recorded, in the order of their places. */
    private static String records(List<Map<String, AttributeValue>> items) {
        return items.stream().map(item -> EventReads.EVENT.read(item).event())
                .sorted(Comparator.comparingLong(RecordedEvent::sequence))
                .map(event -> event.type().value()).collect(Collectors.joining(" + "));
    }

    private static Charged charged(String endpoint, Prometheus onBefore, Prometheus onAfter, Prometheus offBefore,
                                   Prometheus offAfter) {
        double requestsOn = onAfter.increase(onBefore, "http_server_requests_seconds_count", "method", "uri")
                .getOrDefault(endpoint, 0.0);
        double requestsOff = offAfter.increase(offBefore, "http_server_requests_seconds_count", "method", "uri")
                .getOrDefault(endpoint, 0.0);
        double unitsOn = transactionUnits(endpoint, onBefore, onAfter) / Math.max(1, requestsOn);
        double unitsOff = transactionUnits(endpoint, offBefore, offAfter) / Math.max(1, requestsOff);
        return new Charged(endpoint, Math.round(requestsOn), Math.round(requestsOff), unitsOn, unitsOff,
                unitsOn - unitsOff, callsPerRequest(endpoint, onBefore, onAfter, requestsOn),
                callsPerRequest(endpoint, offBefore, offAfter, requestsOff));
    }

    private static double transactionUnits(String endpoint, Prometheus before, Prometheus after) {
        return after.increase(before, "enclave_dynamodb_capacity_sum", "method", "uri", "operation")
                .getOrDefault(endpoint + " " + TRANSACTION, 0.0);
    }

    private static Map<String, Double> callsPerRequest(String endpoint, Prometheus before, Prometheus after,
                                                       double requests) {
        Map<String, Double> calls = new TreeMap<>();
        after.increase(before, "enclave_dynamodb_calls_total", "method", "uri", "operation").forEach((key, value) -> {
            if (key.startsWith(endpoint + " ")) {
                calls.put(key.substring(endpoint.length() + 1), value / Math.max(1, requests));
            }
        });
        return calls;
    }

    private static Feed feed(ServerUnderTest server, DynamoDbClient table, Options options) throws Exception {
        Http api = new Http(server.scoped());
        Seeding.Tenant tenant = new Seeding(api, TokenMint.of(server.dataDir())).seed("feed", 1, 1, 1).get(0);
        String org = tenant.org();
        for (int i = 0; i < options.feedInvitations(); i++) {
            api.send("POST", "/v1/orgs/" + org + "/invitations", tenant.token(),
                    "{\"email\":\"feed-reader-" + i + "@bench.example\"}").expect(201, "invitation " + i);
        }
        long inLog = head(table, org).orElse(0L);
        if (inLog < FEED_PAGE) {
            throw new IllegalStateException(org + "'s log holds " + inLog + " events, fewer than a page");
        }
        String path = "/v1/orgs/" + org + "/events?limit=" + FEED_PAGE;
        for (int i = 0; i < options.feedWarmUp(); i++) {
            page(api, path, tenant.token());
        }
        Prometheus before = Prometheus.scrape(api);
        List<Double> ms = new ArrayList<>();
        for (int i = 0; i < options.feedPages(); i++) {
            long start = System.nanoTime();
            page(api, path, tenant.token());
            ms.add((System.nanoTime() - start) / 1e6);
        }
        Prometheus after = Prometheus.scrape(api);
        long deadline = System.nanoTime() + METERS_PATIENCE.toNanos();
        while (pages(after, before) < options.feedPages() && System.nanoTime() < deadline) {
            Thread.sleep(100);
            after = Prometheus.scrape(api);
        }
        double pages = pages(after, before);
        Map<String, Double> calls = callsPerRequest(FEED, before, after, pages);
        double readUnits = after.increase(before, "enclave_dynamodb_capacity_sum", "method", "uri", "operation")
                .getOrDefault(FEED + " Query", 0.0) / Math.max(1, pages);
        long bytes = firstPage(table, org).stream().mapToLong(ItemSizes::of).sum();
        return new Feed(org, inLog, (int) Math.round(pages), FEED_PAGE, calls, calls.getOrDefault("Query", 0.0),
                bytes, ItemSizes.consistentQueryReadUnits(bytes), readUnits, Spread.percentiles(ms));
    }

    private static double pages(Prometheus after, Prometheus before) {
        return after.increase(before, "http_server_requests_seconds_count", "method", "uri").getOrDefault(FEED, 0.0);
    }

    private static void page(Http api, String path, String token) {
        int items = api.get(path, token).expect(200, "GET " + path).json().get("items").size();
        if (items != FEED_PAGE) {
            throw new IllegalStateException("GET " + path + " answered " + items + " events, not " + FEED_PAGE);
        }
    }

    /** The items a feed page from the start reads: the log's first {@value #FEED_PAGE} events. */
    private static List<Map<String, AttributeValue>> firstPage(DynamoDbClient table, String org) {
        return table.query(eventQuery(org, 0).limit(FEED_PAGE).build()).items();
    }

    private static List<Map<String, AttributeValue>> eventsAfter(DynamoDbClient table, String org, long after) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        table.queryPaginator(eventQuery(org, after).build()).items().forEach(items::add);
        return items;
    }

    private static QueryRequest.Builder eventQuery(String org, long after) {
        return QueryRequest.builder().tableName(BenchServer.TABLE).consistentRead(true)
                .keyConditionExpression("#pk = :pk AND #sk BETWEEN :from AND :to")
                .expressionAttributeNames(Map.of("#pk", TableAttributes.PARTITION_KEY, "#sk",
                        TableAttributes.SORT_KEY))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(partition(org)),
                        ":from", AttributeValue.fromS(sortKey(after + 1)),
                        ":to", AttributeValue.fromS(PAST_LAST_EVENT)));
    }

    /** The log's items in {@code org}'s partition, its head included: none on a server whose events are off. */
    private static long logItems(DynamoDbClient table, String org) {
        long count = 0;
        Map<String, AttributeValue> start = null;
        do {
            QueryRequest.Builder query = QueryRequest.builder().tableName(BenchServer.TABLE).consistentRead(true)
                    .select(Select.COUNT).keyConditionExpression("#pk = :pk AND begins_with(#sk, :log)")
                    .expressionAttributeNames(Map.of("#pk", TableAttributes.PARTITION_KEY, "#sk",
                            TableAttributes.SORT_KEY))
                    .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(partition(org)),
                            ":log", AttributeValue.fromS(LOG)));
            if (start != null) {
                query.exclusiveStartKey(start);
            }
            QueryResponse page = table.query(query.build());
            count += page.count();
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return count;
    }

    private static Map<String, Long> heads(DynamoDbClient table, List<Seeding.Tenant> tenants) {
        Map<String, Long> heads = new TreeMap<>();
        tenants.forEach(tenant -> heads.put(tenant.org(), head(table, tenant.org()).orElse(0L)));
        return heads;
    }

    /** The last place taken in {@code org}'s log, if it has a head. */
    private static Optional<Long> head(DynamoDbClient table, String org) {
        Map<String, AttributeValue> item = table.getItem(b -> b.tableName(BenchServer.TABLE).consistentRead(true)
                .key(ItemKey.inTenant(TenantId.of(org), HEAD).asMap())).item();
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(EventReads.HEAD.read(item));
    }

    private static String partition(String org) {
        return ItemKey.tenantPartition(TenantId.of(org));
    }

    private static String sortKey(long place) {
        return EVENT_PREFIX + String.format(Locale.ROOT, "%019d", place);
    }

    /** The table as the application's own principal sees it, through the sandbox's gateway. */
    private static DynamoDbClient platform(ServerUnderTest server) {
        return DynamoDbClient.builder()
                .endpointOverride(server.dynamoDb())
                .region(Region.of(LocalAwsSandbox.REGION))
                .credentialsProvider(Principal.localApplication().credentialsProvider())
                .build();
    }
}
