package dev.enclave.tenancy.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import dev.enclave.tenancy.sandbox.iam.AuthorizationRequest;
import dev.enclave.tenancy.sandbox.iam.PolicyEvaluator;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A DynamoDB endpoint in front of DynamoDB Local that enforces IAM the way AWS does: it verifies each request's
 * SigV4 signature with the secret the local STS issued (or the application principal's, for platform operations),
 * rejects unknown and expired credentials, derives every authorisation the operation needs (per item for batches
 * and transactions), and forwards the request only if the role's permission policy and the session policy both
 * allow all of them; otherwise it answers {@code AccessDeniedException} and forwards nothing.
 */
public final class DynamoDbGateway implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TARGET_PREFIX = "DynamoDB_20120810.";
    private static final Set<String> RELAYED_HEADERS = Set.of("content-type", "x-amzn-requestid", "x-amz-crc32");
    private static final Set<String> UNFORWARDABLE = Set.of("host", "content-length", "connection", "expect",
            "upgrade", "transfer-encoding");

    private final Principal application;
    private final Map<String, String> rolePolicies;
    private final Sessions sessions;
    private final Clock clock;
    private final String account;
    private final URI dynamoDbLocal;
    private final DynamoDbAuthorizations authorizations;
    private final HttpClient forwarder = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final Map<String, AtomicLong> decisions = new ConcurrentHashMap<>();
    private final LoopbackServer server;

    DynamoDbGateway(Principal application, Map<String, String> rolePolicies, Sessions sessions, Clock clock,
                    String region, String account, URI dynamoDbLocal, KeySchemas schemas) {
        this.application = application;
        this.rolePolicies = Map.copyOf(rolePolicies);
        this.sessions = sessions;
        this.clock = clock;
        this.account = account;
        this.dynamoDbLocal = dynamoDbLocal;
        this.authorizations = new DynamoDbAuthorizations(schemas, region, account);
        this.server = new LoopbackServer("dynamodb-gateway", 32, this::handle);
    }

    public URI endpoint() {
        return server.endpoint();
    }

    /** How many requests of {@code operation} were allowed ({@code allowed}) or refused. */
    public long decisions(String operation, boolean allowed) {
        AtomicLong count = decisions.get(operation + (allowed ? ":allowed" : ":denied"));
        return count == null ? 0 : count.get();
    }

    @Override
    public void close() {
        server.close();
    }

    private void handle(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        String target = Optional.ofNullable(exchange.getRequestHeaders().getFirst("X-Amz-Target")).orElse("");
        String operation = target.startsWith(TARGET_PREFIX) ? target.substring(TARGET_PREFIX.length()) : target;
        Optional<GatewayError> error = check(exchange, operation, body);
        decisions.computeIfAbsent(operation + (error.isEmpty() ? ":allowed" : ":denied"), k -> new AtomicLong())
                .incrementAndGet();
        if (error.isPresent()) {
            LoopbackServer.respond(exchange, 400, "application/x-amz-json-1.0", error.get().json());
            return;
        }
        forward(exchange, body);
    }

    /** Empty when the request may be forwarded. The application principal runs platform operations unchecked. */
    private Optional<GatewayError> check(HttpExchange exchange, String operation, byte[] body) {
        var authorization = SigV4.parse(exchange.getRequestHeaders().getFirst("Authorization"));
        if (authorization.isEmpty()) {
            return Optional.of(GatewayError.missingAuthentication());
        }
        String accessKeyId = authorization.get().accessKeyId();
        if (accessKeyId.equals(application.accessKeyId())) {
            return verified(exchange, body, authorization.get(), application.secretAccessKey());
        }
        Optional<Session> session = sessions.find(accessKeyId);
        if (session.isEmpty() || !session.get().sessionToken()
                .equals(exchange.getRequestHeaders().getFirst("X-Amz-Security-Token"))) {
            return Optional.of(GatewayError.unrecognizedClient());
        }
        if (!clock.instant().isBefore(session.get().expiration())) {
            return Optional.of(GatewayError.expiredToken());
        }
        return verified(exchange, body, authorization.get(), session.get().secretAccessKey())
                .or(() -> authorize(session.get(), operation, body));
    }

    private static Optional<GatewayError> verified(HttpExchange exchange, byte[] body,
                                                   SigV4.Authorization authorization, String secret) {
        boolean valid = SigV4.verify(authorization, secret, exchange.getRequestMethod(), exchange.getRequestURI(),
                LoopbackServer.headers(exchange), body);
        return valid ? Optional.empty() : Optional.of(GatewayError.invalidSignature());
    }

    private Optional<GatewayError> authorize(Session session, String operation, byte[] body) {
        JsonNode request;
        try {
            request = JSON.readTree(body);
        } catch (IOException e) {
            return Optional.of(GatewayError.serialization());
        }
        for (ItemAuthorization needed : authorizations.of(operation, request)) {
            AuthorizationRequest question = new AuthorizationRequest(needed.action(), needed.resource(),
                    context(session, needed));
            boolean roleAllows = PolicyEvaluator.evaluate(List.of(rolePolicies.getOrDefault(session.roleArn(),
                    "{\"Statement\":[]}")), question).allowed();
            boolean sessionAllows = session.sessionPolicy()
                    .map(policy -> PolicyEvaluator.evaluate(List.of(policy), question).allowed()).orElse(true);
            if (!roleAllows || !sessionAllows) {
                return Optional.of(GatewayError.accessDenied(session.assumedRoleArn(account), needed,
                        roleAllows ? "no session policy" : "no identity-based policy"));
            }
        }
        return Optional.empty();
    }

    private static Map<String, List<String>> context(Session session, ItemAuthorization needed) {
        Map<String, List<String>> context = new HashMap<>();
        if (!needed.leadingKeys().isEmpty()) {
            context.put("dynamodb:LeadingKeys", needed.leadingKeys());
        }
        session.tags().forEach((key, value) -> context.put("aws:PrincipalTag/" + key, List.of(value)));
        session.sourceIdentity().ifPresent(source -> context.put("aws:SourceIdentity", List.of(source)));
        context.put("aws:PrincipalArn", List.of(session.roleArn()));
        return context;
    }

    private void forward(HttpExchange exchange, byte[] body) throws IOException {
        HttpRequest.Builder request = HttpRequest.newBuilder(dynamoDbLocal.resolve(exchange.getRequestURI().getPath()))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        LoopbackServer.headers(exchange).forEach((name, values) -> {
            if (!UNFORWARDABLE.contains(name)) {
                values.forEach(value -> request.header(name, value));
            }
        });
        HttpResponse<byte[]> response;
        try {
            response = forwarder.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted forwarding to DynamoDB Local", e);
        }
        response.headers().map().forEach((name, values) -> {
            if (RELAYED_HEADERS.contains(name.toLowerCase(java.util.Locale.ROOT))) {
                exchange.getResponseHeaders().put(name, values);
            }
        });
        exchange.sendResponseHeaders(response.statusCode(), response.body().length == 0 ? -1 : response.body().length);
        try (var out = exchange.getResponseBody()) {
            out.write(response.body());
        }
    }
}
