package dev.enclave.tenancy.sandbox;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * A local STS speaking the AssumeRole Query protocol, so the real SDK {@code StsClient} works against it. It verifies
 * the caller's SigV4 signature (only the application principal may call), validates parameters like AWS, and issues
 * random temporary credentials bound, in {@link Sessions}, to the role, session policy, tags and expiry.
 */
public final class LocalSts implements AutoCloseable {

    private static final Pattern SESSION_NAME = Pattern.compile("[\\w+=,.@-]{2,64}");
    private static final Pattern SOURCE_IDENTITY = Pattern.compile("[\\w+=,.@-]{2,64}");
    private static final String ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    private static final int PACKED_POLICY_LIMIT = 2048;

    private final Principal application;
    private final Map<String, String> rolePolicies;
    private final Sessions sessions;
    private final Clock clock;
    private final String account;
    private final SecureRandom random = new SecureRandom();
    private final AtomicInteger assumeRoleCalls = new AtomicInteger();
    private final AtomicInteger throttleNext = new AtomicInteger();
    private final LoopbackServer server;

    /**
     * @param rolePolicies role ARN → its permission policy; only these roles can be assumed, by {@code application}
     */
    public LocalSts(Principal application, Map<String, String> rolePolicies, Sessions sessions, Clock clock,
                    String account) {
        this.application = application;
        this.rolePolicies = Map.copyOf(rolePolicies);
        this.sessions = sessions;
        this.clock = clock;
        this.account = account;
        this.server = new LoopbackServer("local-sts", 8, this::handle);
    }

    public URI endpoint() {
        return server.endpoint();
    }

    /** AssumeRole calls answered with credentials so far. */
    public int assumeRoleCount() {
        return assumeRoleCalls.get();
    }

    /** The next {@code calls} AssumeRole requests fail with {@code Throttling}, as STS does under load. */
    public void throttleNext(int calls) {
        throttleNext.set(calls);
    }

    @Override
    public void close() {
        server.close();
    }

    private void handle(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        Optional<StsError> refused = authenticate(exchange, body);
        if (refused.isPresent()) {
            error(exchange, refused.get());
            return;
        }
        Map<String, String> form = form(new String(body, StandardCharsets.UTF_8));
        if (!"AssumeRole".equals(form.get("Action"))) {
            error(exchange, new StsError(400, "InvalidAction", "Only AssumeRole is available locally"));
            return;
        }
        if (throttleNext.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            error(exchange, new StsError(400, "Throttling", "Rate exceeded"));
            return;
        }
        AssumeRoleCall.validate(form, rolePolicies.keySet(), SESSION_NAME, SOURCE_IDENTITY, PACKED_POLICY_LIMIT)
                .ifPresentOrElse(e -> safely(() -> error(exchange, e)), () -> safely(() -> issue(exchange, form)));
    }

    private Optional<StsError> authenticate(HttpExchange exchange, byte[] body) {
        var authorization = SigV4.parse(exchange.getRequestHeaders().getFirst("Authorization"));
        if (authorization.isEmpty() || !authorization.get().accessKeyId().equals(application.accessKeyId())) {
            return Optional.of(new StsError(403, "InvalidClientTokenId",
                    "The security token included in the request is invalid."));
        }
        boolean valid = SigV4.verify(authorization.get(), application.secretAccessKey(),
                exchange.getRequestMethod(), exchange.getRequestURI(), LoopbackServer.headers(exchange), body);
        return valid ? Optional.empty() : Optional.of(new StsError(403, "SignatureDoesNotMatch",
                "The request signature we calculated does not match the signature you provided."));
    }

    private void issue(HttpExchange exchange, Map<String, String> form) throws IOException {
        Instant expiration = clock.instant().plus(Duration.ofSeconds(
                Long.parseLong(form.getOrDefault("DurationSeconds", "3600"))));
        Session session = new Session("ASIA" + randomString(16), randomString(40), randomString(64),
                form.get("RoleArn"), form.get("RoleSessionName"), Optional.ofNullable(form.get("Policy")),
                AssumeRoleCall.tags(form), Optional.ofNullable(form.get("SourceIdentity")), expiration);
        sessions.add(session);
        assumeRoleCalls.incrementAndGet();
        LoopbackServer.respond(exchange, 200, "text/xml", AssumeRoleCall.response(session, account,
                DateTimeFormatter.ISO_INSTANT.format(expiration), UUID.randomUUID().toString()));
    }

    private void error(HttpExchange exchange, StsError error) throws IOException {
        LoopbackServer.respond(exchange, error.status(), "text/xml", error.xml(UUID.randomUUID().toString()));
    }

    private String randomString(int length) {
        StringBuilder out = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            out.append(ALPHANUMERIC.charAt(random.nextInt(ALPHANUMERIC.length())));
        }
        return out.toString();
    }

    private static Map<String, String> form(String body) {
        Map<String, String> form = new TreeMap<>();
        for (String pair : body.split("&")) {
            if (!pair.isEmpty()) {
                String[] kv = pair.split("=", 2);
                form.put(URLDecoder.decode(kv[0], StandardCharsets.UTF_8),
                        kv.length > 1 ? URLDecoder.decode(kv[1], StandardCharsets.UTF_8) : "");
            }
        }
        return form;
    }

    private static void safely(IoAction action) {
        try {
            action.run();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @FunctionalInterface
    private interface IoAction {
        void run() throws IOException;
    }
}
