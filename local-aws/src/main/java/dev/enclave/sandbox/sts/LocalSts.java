package dev.enclave.sandbox.sts;

import com.sun.net.httpserver.HttpExchange;
import dev.enclave.sandbox.SandboxSettings;
import dev.enclave.sandbox.sigv4.LoopbackServer;
import dev.enclave.sandbox.sigv4.Principal;
import dev.enclave.sandbox.sigv4.ReceivedRequest;
import dev.enclave.sandbox.sigv4.SigV4Callers;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;

/**
 * A local STS on 127.0.0.1 speaking the AssumeRole Query protocol, so the real SDK {@code StsClient} (endpoint
 * overridden to {@link #endpoint()}) works against it.
 *
 * <p>Like STS it authenticates the caller by SigV4 (the application principal's static key, or credentials it issued
 * itself), validates the parameters (role session name, duration, source identity, tags, session policy and its
 * packed size), lets a caller assume only a defined role that trusts it, and issues random temporary credentials. It
 * binds each set to a {@link Session} — role, session policy, tags, source identity, expiry — in
 * {@link #sessions()}, where the DynamoDB gateway finds it. Errors come in STS's XML format with STS's codes. Thread-safe.
 */
public final class LocalSts implements AutoCloseable {

    private static final String VERSION = "2011-06-15";
    private static final int MAXIMUM_BODY = 64 * 1024;
    private static final int THREADS = 8;

    private final SandboxSettings settings;
    private final Sessions sessions = new Sessions();
    private final SigV4Callers<Session> callers;
    private final CredentialMint mint = new CredentialMint();
    private final AssumeRoleCounter counter = new AssumeRoleCounter();
    private final StsFaults faults = new StsFaults();
    private final LoopbackServer server;

    /**
     * Starts the STS on its loopback port ({@code settings.stsPort()}, 0 for a free one), for {@code settings}'
     * application principal, roles, clock and region.
     */
    public LocalSts(SandboxSettings settings) {
        this.settings = settings;
        this.callers = new SigV4Callers<>(settings.application(), sessions::find, settings.region(), "sts");
        this.server = new LoopbackServer("local-sts", settings.stsPort(), THREADS, this::handle);
    }

    /** The endpoint to give {@code StsClient.builder().endpointOverride(...)}. */
    public URI endpoint() {
        return server.endpoint();
    }

    /** The sessions issued so far, by access key id. */
    public Sessions sessions() {
        return sessions;
    }

    /** AssumeRole calls answered with credentials so far. */
    public int assumeRoleCount() {
        return counter.issued();
    }

    /** AssumeRole calls answered with credentials for this role session name. */
    public int assumeRoleCount(String roleSessionName) {
        return counter.issued(roleSessionName);
    }

    /** AssumeRole calls answered with credentials whose session tags include {@code key = value}. */
    public int assumeRoleCountTagged(String key, String value) {
        return counter.issuedTagged(key, value);
    }

    /** Requests answered with an error (throttling, validation, authentication, authorisation). */
    public int refusedCount() {
        return counter.refused();
    }

    /** The faults this STS injects on demand (none until a test or a chaos run asks). */
    public StsFaults faults() {
        return faults;
    }

    /**
     * The next {@code calls} AssumeRole requests fail with {@code Throttling} (HTTP 400), as STS does under load;
     * {@code 0} lifts every fault.
     */
    public void throttleNext(int calls) {
        if (calls < 0) {
            throw new IllegalArgumentException("calls must not be negative: " + calls);
        }
        faults.clear();
        if (calls > 0) {
            faults.inject(StsFaults.Rule.next(StsFaults.Kind.THROTTLING, calls));
        }
    }

    @Override
    public void close() {
        server.close();
    }

    private void handle(HttpExchange exchange) throws IOException {
        Optional<ReceivedRequest> request = ReceivedRequest.read(exchange, MAXIMUM_BODY);
        if (request.isEmpty()) {
            refuse(exchange, StsError.requestTooLarge());
            return;
        }
        Map<String, String> parameters = parameters(request.get());
        Instant now = settings.clock().instant();
        SigV4Callers.Outcome<Session> caller = callers.authenticate(request.get(), now);
        if (caller instanceof SigV4Callers.Refused<Session> refused) {
            refuse(exchange, StsError.refusing(refused.refusal()));
            return;
        }
        if (caller instanceof SigV4Callers.BadSignature<Session> bad) {
            refuse(exchange, StsError.signatureDoesNotMatch(bad.verdict()));
            return;
        }
        String action = parameters.getOrDefault("Action", "");
        String version = parameters.getOrDefault("Version", "");
        if (!"AssumeRole".equals(action) || !VERSION.equals(version)) {
            refuse(exchange, StsError.invalidAction(action, version));
            return;
        }
        Optional<StsError> fault = injectedFault();
        if (fault.isPresent()) {
            refuse(exchange, fault.get());
            return;
        }
        var parsed = AssumeRoleParameters.parse(parameters);
        if (parsed instanceof AssumeRoleParameters.Invalid invalid) {
            refuse(exchange, invalid.error());
            return;
        }
        AssumeRoleParameters assumeRole = ((AssumeRoleParameters.Valid) parsed).parameters();
        Optional<RoleDefinition> role = role(assumeRole.roleArn());
        Caller known = Caller.of(caller);
        Optional<StsError> refusal = assumeRole.refusal(role, known.arn(), known.accessKeyId());
        if (refusal.isPresent()) {
            refuse(exchange, refusal.get());
            return;
        }
        Session session = issue(role.get(), assumeRole, now);
        String requestId = UUID.randomUUID().toString();
        LoopbackServer.respond(exchange, 200, "text/xml", Map.of("x-amzn-RequestId", requestId),
                StsResponses.assumeRole(session, assumeRole, requestId).getBytes(StandardCharsets.UTF_8));
    }

    /** An authenticated caller: {@code arn} is what trust and error messages name. */
    private record Caller(String arn, String accessKeyId) {

        static Caller of(SigV4Callers.Outcome<Session> authenticated) {
            if (authenticated instanceof SigV4Callers.Temporary<Session> temporary) {
                return new Caller(temporary.credentials().assumedRoleArn(), temporary.credentials().accessKeyId());
            }
            Principal application = ((SigV4Callers.Application<Session>) authenticated).principal();
            return new Caller(application.arn(), application.accessKeyId());
        }
    }

    private Optional<RoleDefinition> role(String arn) {
        return settings.roles().stream().filter(r -> r.arn().equals(arn)).findFirst();
    }

    /** The injected fault this call meets, after holding it for the fault's latency; empty to answer normally. */
    private Optional<StsError> injectedFault() {
        Optional<StsFaults.Rule> fault = faults.take();
        fault.ifPresent(rule -> Latency.hold(rule.latency()));
        return fault.flatMap(rule -> switch (rule.kind()) {
            case THROTTLING -> Optional.of(StsError.throttling());
            case UNAVAILABLE -> Optional.of(StsError.serviceUnavailable());
            case LATENCY -> Optional.empty();
        });
    }

    private Session issue(RoleDefinition role, AssumeRoleParameters parameters, Instant now) {
        Instant issuedAt = now.truncatedTo(ChronoUnit.SECONDS);
        Session session = new Session(mint.accessKeyId(), mint.secretAccessKey(), mint.sessionToken(), role.arn(),
                role.uniqueId(), parameters.roleSessionName(), parameters.policy(), parameters.tags(),
                parameters.sourceIdentity(), issuedAt, issuedAt.plus(Duration.ofSeconds(parameters.durationSeconds())));
        sessions.add(session);
        counter.issued(session);
        return session;
    }

    private void refuse(HttpExchange exchange, StsError error) throws IOException {
        counter.countRefusal();
        String requestId = UUID.randomUUID().toString();
        LoopbackServer.respond(exchange, error.status(), "text/xml", Map.of("x-amzn-RequestId", requestId),
                error.xml(requestId).getBytes(StandardCharsets.UTF_8));
    }

    /** Query-string and form-body parameters together, as the Query protocol allows either. */
    private static Map<String, String> parameters(ReceivedRequest request) {
        Map<String, String> parameters = new TreeMap<>();
        decodeForm(request.rawQuery(), parameters);
        if (request.header("content-type").filter(t -> t.startsWith("application/x-www-form-urlencoded"))
                .isPresent()) {
            decodeForm(new String(request.body(), StandardCharsets.UTF_8), parameters);
        }
        return parameters;
    }

    private static void decodeForm(String form, Map<String, String> into) {
        for (String pair : form.split("&")) {
            if (!pair.isEmpty()) {
                String[] kv = pair.split("=", 2);
                into.put(URLDecoder.decode(kv[0], StandardCharsets.UTF_8),
                        kv.length > 1 ? URLDecoder.decode(kv[1], StandardCharsets.UTF_8) : "");
            }
        }
    }
}
