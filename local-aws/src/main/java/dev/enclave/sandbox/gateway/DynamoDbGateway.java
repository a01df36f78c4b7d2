package dev.enclave.sandbox.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import dev.enclave.sandbox.SandboxSettings;
import dev.enclave.sandbox.sigv4.LoopbackServer;
import dev.enclave.sandbox.sigv4.ReceivedRequest;
import dev.enclave.sandbox.sigv4.SigV4Callers;
import dev.enclave.sandbox.sts.Latency;
import dev.enclave.sandbox.sts.Session;
import dev.enclave.sandbox.sts.Sessions;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A DynamoDB endpoint on 127.0.0.1 in front of DynamoDB Local that enforces IAM the way AWS does. For each request it
 * <ol>
 *   <li>authenticates the SigV4 signature with the secret of the access key id: credentials the local STS issued
 *       (the session token must match and the session must not have expired), or the application principal's
 *       static key, whose platform operations (table bootstrap and the like) are not policy-checked;</li>
 *   <li>derives every IAM authorisation the operation needs (per item for batches and transactions, the index's
 *       partition key for index queries), with {@code dynamodb:LeadingKeys} and the session's context;</li>
 *   <li>allows only if the role's permission policy and the session policy both allow all of them — otherwise it
 *       answers {@code AccessDeniedException} and forwards nothing;</li>
 *   <li>forwards allowed requests unchanged to DynamoDB Local and relays its answer, corrected where DynamoDB Local
 *       answers otherwise than DynamoDB: global secondary index reads lagging behind the table when
 *       {@link #indexLag()} is on, the consumed capacity of batch and transaction writes (see
 *       {@link CorrectingForwarder}), and transactions conflicting when {@link #transactionConflicts()} is on.</li>
 * </ol>
 * Errors come in DynamoDB's JSON format (HTTP 400), so the SDK raises {@code DynamoDbException} with AWS's error
 * codes. Counts its decisions per operation, for tests and benchmarks. Thread-safe.
 */
public final class DynamoDbGateway implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TARGET_PREFIX = "DynamoDB_20120810.";
    private static final String CONTENT_TYPE = "application/x-amz-json-1.0";
    private static final int MAXIMUM_BODY = 16 * 1024 * 1024;
    private static final int THREADS = 32;
    private static final Set<String> SCHEMA_CHANGES = Set.of("CreateTable", "UpdateTable", "DeleteTable");
    private static final ThreadMXBean THREADS_CPU = ManagementFactory.getThreadMXBean();
    private static final String SESSION_PREFIX = "enclave-";

    private final SandboxSettings settings;
    private final SigV4Callers<Session> callers;
    private final KeySchemas schemas;
    private final DynamoDbAuthorizations authorizations;
    private final SessionAuthorizer authorizer;
    private final DynamoDbClient localClient;
    private final DynamoDbForwarder forwarder;
    private final IndexLag indexLag;
    private final CorrectingForwarder corrector;
    private final TransactionConflicts conflicts;
    private final GatewayCounters counters = new GatewayCounters();
    private final GatewayFaults faults = new GatewayFaults();
    private final LoopbackServer server;

    /**
     * Starts the gateway on its loopback port ({@code settings.dynamoDbPort()}, 0 for a free one).
     *
     * @param sessions      the sessions the local STS issued
     * @param dynamoDbLocal DynamoDB Local's endpoint, where allowed requests go
     */
    public DynamoDbGateway(SandboxSettings settings, Sessions sessions, URI dynamoDbLocal) {
        this.settings = settings;
        this.callers = new SigV4Callers<>(settings.application(), sessions::find, settings.region(), "dynamodb");
        this.localClient = DynamoDbClient.builder().endpointOverride(dynamoDbLocal)
                .region(Region.of(settings.region())).credentialsProvider(settings.application().credentialsProvider())
                .httpClient(UrlConnectionHttpClient.create()).build();
        this.schemas = new KeySchemas(localClient);
        this.authorizations = new DynamoDbAuthorizations(schemas, tableArnPrefix(settings));
        this.authorizer = new SessionAuthorizer(settings.roles(), settings.region());
        this.forwarder = new DynamoDbForwarder(dynamoDbLocal, THREADS);
        this.indexLag = new IndexLag(settings.indexLag(), settings.clock());
        this.corrector = new CorrectingForwarder(forwarder, schemas, new ItemImages(localClient), indexLag);
        this.conflicts = new TransactionConflicts(settings.conflictHold(), new ItemWrites(schemas::keys));
        this.server = new LoopbackServer("dynamodb-gateway", settings.dynamoDbPort(), THREADS, this::handle);
    }

    /** {@code arn:aws:dynamodb:<region>:<account>:table/}: what a table name becomes in a policy's resource. */
    private static String tableArnPrefix(SandboxSettings settings) {
        return "arn:aws:dynamodb:" + settings.region() + ":" + settings.account() + ":table/";
    }

    /** The endpoint to give {@code DynamoDbClient.builder().endpointOverride(...)}. */
    public URI endpoint() {
        return server.endpoint();
    }

    /** The faults this gateway injects on demand (none until a test or a chaos run asks). */
    public GatewayFaults faults() {
        return faults;
    }

    /**
     * How far global secondary index reads lag behind the table: {@link SandboxSettings#indexLag()} at start, zero
     * (off) by default; a test may change it while the sandbox runs.
     */
    public IndexLag indexLag() {
        return indexLag;
    }

    /**
     * Whether transactions conflict as on DynamoDB: {@link SandboxSettings#conflictHold()} at start, off by default; a
     * test may turn them on while the sandbox runs.
     */
    public TransactionConflicts transactionConflicts() {
        return conflicts;
    }

    /** Requests of {@code operation} (e.g. {@code "GetItem"}) that were allowed and forwarded. */
    public long allowedCount(String operation) {
        return counters.allowedCount(operation);
    }

    /** Requests of {@code operation} that were refused: authentication failures and access denials. */
    public long deniedCount(String operation) {
        return counters.deniedCount(operation);
    }

    /** Requests forwarded to DynamoDB Local, all operations. */
    public long forwardedCount() {
        return counters.forwardedCount();
    }

    /**
     * CPU time spent so far deciding whether assumed-role requests are allowed (reading the body, deriving the
     * authorisations, evaluating the policies): the work IAM does on AWS's side, which benchmarks set apart.
     */
    public Duration authorizationCpuTime() {
        return Duration.ofNanos(counters.authorizationCpuNanos());
    }

    @Override
    public void close() {
        server.close();
        forwarder.close();
        localClient.close();
    }

    private void handle(HttpExchange exchange) throws IOException {
        Optional<ReceivedRequest> received = ReceivedRequest.read(exchange, MAXIMUM_BODY);
        if (received.isEmpty()) {
            refuse(exchange, "", DynamoDbError.requestTooLarge());
            return;
        }
        ReceivedRequest request = received.get();
        String operation = request.header("x-amz-target").filter(t -> t.startsWith(TARGET_PREFIX))
                .map(t -> t.substring(TARGET_PREFIX.length())).orElse("");
        Instant now = settings.clock().instant();
        SigV4Callers.Outcome<Session> caller = callers.authenticate(request, now);
        if (caller instanceof SigV4Callers.Refused<Session> refused) {
            refuse(exchange, operation, DynamoDbError.refusing(refused.refusal()));
        } else if (caller instanceof SigV4Callers.BadSignature<Session> bad) {
            refuse(exchange, operation, DynamoDbError.invalidSignature(bad.verdict()));
        } else if (operation.isEmpty()) {
            refuse(exchange, operation, DynamoDbError.unknownOperation());
        } else if (caller instanceof SigV4Callers.Temporary<Session> assumedRole) {
            long cpuBefore = THREADS_CPU.getCurrentThreadCpuTime();
            Optional<DynamoDbError> refusal = authorize(assumedRole.credentials(), operation, request, now);
            counters.authorized(THREADS_CPU.getCurrentThreadCpuTime() - cpuBefore);
            if (refusal.isPresent()) {
                refuse(exchange, operation, refusal.get());
            } else {
                forwardUnlessFaulted(exchange, operation, request, tenantOf(assumedRole.credentials()));
            }
        } else {
            forwardUnlessFaulted(exchange, operation, request, Optional.empty());
        }
    }

    /** The tenant a session acts for, from the session name Enclave gives it ({@code enclave-<tenant>-<digest>}). */
    private static Optional<String> tenantOf(Session session) {
        String name = session.sessionName();
        int digest = name.lastIndexOf('-');
        return name.startsWith(SESSION_PREFIX) && digest > SESSION_PREFIX.length()
                ? Optional.of(name.substring(SESSION_PREFIX.length(), digest)) : Optional.empty();
    }

    private void forwardUnlessFaulted(HttpExchange exchange, String operation, ReceivedRequest request,
                                      Optional<String> tenant) throws IOException {
        Optional<GatewayFaults.Rule> fault = faults.take(operation, tenant);
        if (fault.isEmpty()) {
            forward(exchange, operation, request);
            return;
        }
        Latency.hold(fault.get().latency());
        switch (fault.get().kind()) {
            case LATENCY -> forward(exchange, operation, request);
            case DROPPED_CONNECTION -> exchange.close();
            case THROTTLING -> answer(exchange, DynamoDbError.throttling());
            case PROVISIONED_THROUGHPUT_EXCEEDED -> answer(exchange, DynamoDbError.provisionedThroughputExceeded());
            case INTERNAL_SERVER_ERROR -> answer(exchange, DynamoDbError.internalServerError());
            case SERVICE_UNAVAILABLE -> answer(exchange, DynamoDbError.serviceUnavailable());
            case TRANSACTION_CONFLICT -> answer(exchange, transactionConflict(operation, request));
        }
    }

    private static DynamoDbError transactionConflict(String operation, ReceivedRequest request) {
        if (!"TransactWriteItems".equals(operation)) {
            return DynamoDbError.itemInTransaction();
        }
        return DynamoDbError.transactionConflict(parse(request.body()).map(b -> b.path("TransactItems").size())
                .orElse(1));
    }

    private Optional<DynamoDbError> authorize(Session session, String operation, ReceivedRequest request,
                                              Instant now) {
        Optional<JsonNode> body = parse(request.body());
        if (body.isEmpty()) {
            return Optional.of(DynamoDbError.serialization());
        }
        List<RequiredAuthorization> needed = authorizations.of(operation, body.get());
        return authorizer.refusal(session, needed, now);
    }

    private void forward(HttpExchange exchange, String operation, ReceivedRequest request) throws IOException {
        counters.allowed(operation);
        counters.forwarded();
        DynamoDbForwarder.Forwarded answer = conflicts.forward(operation, request.body(),
                () -> corrector.forward(operation, request));
        if (SCHEMA_CHANGES.contains(operation)) {
            parse(request.body()).map(b -> DynamoDbAuthorizations.tableName(b.path("TableName").asText()))
                    .ifPresent(table -> {
                        schemas.forget(table);
                        indexLag.forgetTable(table);
                    });
        }
        LoopbackServer.respond(exchange, answer.status(), answer.contentType().orElse(CONTENT_TYPE), answer.headers(),
                answer.body());
    }

    private void refuse(HttpExchange exchange, String operation, DynamoDbError error) throws IOException {
        counters.denied(operation);
        answer(exchange, error);
    }

    private static void answer(HttpExchange exchange, DynamoDbError error) throws IOException {
        DynamoDbForwarder.Forwarded answer = DynamoDbForwarder.Forwarded.of(error);
        LoopbackServer.respond(exchange, answer.status(), CONTENT_TYPE, answer.headers(), answer.body());
    }

    private static Optional<JsonNode> parse(byte[] body) {
        try {
            JsonNode node = JSON.readTree(body);
            return node != null && node.isObject() ? Optional.of(node) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
