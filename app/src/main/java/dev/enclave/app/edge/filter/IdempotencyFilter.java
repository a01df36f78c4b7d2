package dev.enclave.app.edge.filter;

import dev.enclave.app.domain.access.AccessDecision;
import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.edge.contract.Idempotent;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.app.edge.web.RequestAccess;
import dev.enclave.app.infra.idempotency.IdempotencyRecords;
import dev.enclave.app.infra.idempotency.IdempotencyRecords.ClaimedKey;
import dev.enclave.app.infra.sealing.ResponseSeal;
import dev.enclave.digest.Sha256;
import dev.enclave.identity.TenantId;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ResponseFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.ServerFilterPhase;
import io.micronaut.json.JsonMapper;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.web.router.RouteAttributes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code Idempotency-Key} on every POST inside an organisation: the first request with a key runs and its answer is
 * kept 24 hours; the same key with the same body replays that answer ({@code Idempotent-Replayed: true}); with a
 * different body it is 422; while the first is still running, 409. A replay is the first answer as it was (a later
 * change to what it describes is read with a GET), and it is given only while the caller's membership is as it was
 * when the key was claimed: a caller demoted (or changed otherwise) since gets 422 and sends a new key, so the
 * request is decided anew. Only the organisation's members can leave records, on routes that exist, in the
 * organisation's partition of its current incarnation (claimed in one transaction with the check that it is that
 * incarnation and not being deleted), keyed by caller; answers a retry would not get again (401, 403, 404, 409,
 * 429, 5xx) are not kept. Kept answers are sealed ({@link ResponseSeal}) and bound to the incarnation, so an
 * invitation token in one is not readable from the table; answers larger than {@link #MAX_KEPT_BODY} characters
 * are not kept (the claim is released, so a retry runs again). Answers that hold AWS or API key secrets are never
 * stored at all, so those routes refuse the header rather than promise a replay. Only the routes whose contract
 * names the key ({@link Idempotent}) claim it, so what the filter answers is what the contract says; the others
 * (a POST that only reads: the permission check) are answered afresh every time, whatever the header.
 */
@ServerFilter("/v1/orgs/*/**")
@Requires(beans = IdempotencyRecords.class)
final class IdempotencyFilter implements Ordered {

    static final String HEADER = "Idempotency-Key";
    private static final Pattern KEY = Pattern.compile("[\\x21-\\x7e]{1,200}");
    private static final String CLAIM = "enclave.idempotency-claim";
    /** What the caller holds once the request moved them on (an ownership transfer), kept for its completion. */
    private static final String HELD_IF_MOVED = "enclave.idempotency-held-if-moved";
    /** Answers longer than this are not kept: a DynamoDB item holds 400 KB and no success answer comes close. */
    static final int MAX_KEPT_BODY = 64 * 1024;
    private static final Logger LOG = LoggerFactory.getLogger(IdempotencyFilter.class);
    /**
     * The refusals worth keeping besides every 2xx: those a retry of the same request would get again. Anything else
     * (401, 403, 404, a conflict of the moment, 429, 5xx) leaves no record, so a key is never held by a request that
     * had nothing to give.
     */
    private static final Set<Integer> KEPT = Set.of(400, 412, 422);
    /**
     * POSTs whose answer holds a secret (AWS credentials, an API key, a webhook signing secret): never stored, so never
     * replayed.
     */
    private static final Pattern SECRET_ANSWERS = Pattern.compile(
            "/v1/orgs/[^/]+/(?:credentials|api-keys|webhooks|webhooks/[^/]+/rotate-secret)/?");

    private final IdempotencyRecords records;
    private final RequestAccess access;
    private final Function<HttpRequest<?>, Optional<Caller>> callers;
    private final JsonMapper json;
    private final ResponseSeal seal;

    IdempotencyFilter(IdempotencyRecords records, RequestAccess access, dev.enclave.app.edge.auth.CallerBinder callers,
                      JsonMapper json, ResponseSeal seal) {
        this.records = records;
        this.seal = seal;
        this.access = access;
        this.callers = callers::callerOf;
        this.json = json;
    }

    @RequestFilter
    @ExecuteOn(TaskExecutors.BLOCKING)
    @Nullable
    HttpResponse<?> claim(HttpRequest<?> request, @Nullable @Body String body) {
        String key = request.getHeaders().get(HEADER);
        if (key == null || request.getMethod() != HttpMethod.POST) {
            return null;
        }
        if (answersASecret(request.getPath())) {
            return Rejections.toResponse(request, Reason.BAD_REQUEST, HEADER
                    + " is not accepted here: the answer holds a secret that Enclave never stores, so it cannot be"
                    + " replayed. Retry without it.");
        }
        if (!takesTheKey(request)) {
            return null;
        }
        if (!KEY.matcher(key).matches()) {
            return Rejections.toResponse(request, Reason.BAD_REQUEST,
                    HEADER + " must be 1-200 visible ASCII characters.");
        }
        Optional<AccessDecision.Granted> member = member(request);
        if (member.isEmpty()) {
            return null;
        }
        Organisation organisation = member.get().organisation();
        long callerVersion = member.get().membership().version();
        Instant callerJoinedAt = member.get().membership().joinedAt();
        Optional<String> callerGroups = Optional.of(held(member.get(), false));
        request.setAttribute(HELD_IF_MOVED, held(member.get(), true));
        ClaimedKey claim = new ClaimedKey(organisation.id(), organisation.incarnation(),
                member.get().membership().user().digest(), sha256(key), UUID.randomUUID().toString());
        String requestHash = sha256(request.getMethodName() + " " + request.getPath() + "\n"
                + (body == null ? "" : body));
        IdempotencyRecords.ClaimOutcome outcome;
        try {
            outcome = records.claim(organisation, claim, requestHash, callerVersion, callerJoinedAt, callerGroups);
        } catch (RuntimeException unanswered) {
            releaseQuietly(claim);
            throw unanswered;
        }
        if (outcome instanceof IdempotencyRecords.Claimed) {
            request.setAttribute(CLAIM, claim);
            return null;
        }
        if (!(outcome instanceof IdempotencyRecords.Held held)) {
            return null;
        }
        return answerHeld(request, claim, held.record(), requestHash, new Claimant(callerVersion, callerJoinedAt,
                callerGroups));
    }

    /** Whether the answer at {@code path} holds a secret, so the key is refused there. */
    static boolean answersASecret(String path) {
        return SECRET_ANSWERS.matcher(path).matches();
    }

    /** The route says in the contract that it takes the key ({@link Idempotent}), so it answers 409 and 422 too. */
    private static boolean takesTheKey(HttpRequest<?> request) {
        return RouteAttributes.getRouteInfo(request)
                .filter(route -> route.getAnnotationMetadata().hasAnnotation(Idempotent.class))
                .isPresent();
    }

    /**
     * A digest of what the member holds: their groups (a custom one as defined now, its life and version: a change
     * to it changes what they may do without moving their membership) and their service groups; without the owner
     * group when {@code movedOn} (what an ownership transfer leaves its caller). Their profile is not in it: a copy
     * of it moves the membership's version, and a retry after an edit of one's name is the same caller.
     */
    private static String held(AccessDecision.Granted member, boolean movedOn) {
        List<String> held = new ArrayList<>();
        member.membership().groups().stream().filter(group -> !movedOn || !group.isOwner()).sorted()
                .forEach(group -> held.add(member.definitions().find(group)
                        .map(defined -> group.value() + "@" + defined.createdAt() + "#" + defined.version())
                        .orElse(group.value())));
        member.membership().serviceGroups().stream().map(ServiceGroup::written).sorted()
                .forEach(group -> held.add("service:" + group));
        return IdempotencyRecords.StoredRecord.HELD + sha256(String.join(",", held));
    }

    /** The caller as the key's claim judges them: their membership, and the custom groups they hold. */
    private record Claimant(long version, Instant joinedAt, Optional<String> customGroups) {
    }

    /**
     * A caller who is a member of the organisation a path names, on a route that exists: only such a request can
     * leave a record. Anyone else's request goes on to be refused as it would be without the header.
     */
    private Optional<AccessDecision.Granted> member(HttpRequest<?> request) {
        Optional<Caller> caller = callers.apply(request);
        Optional<TenantId> tenant = tenant(request.getPath());
        if (caller.isEmpty() || tenant.isEmpty() || RouteAttributes.getRouteInfo(request).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(access.decide(request, caller.get(), tenant.get().value(), SystemPermissions.ORG_READ))
                .filter(AccessDecision.Granted.class::isInstance).map(AccessDecision.Granted.class::cast);
    }

    /**
     * The answer to a request whose key another request holds: 422 for another body, 409 while the first runs, and
     * the kept answer only to a caller whose membership (and custom groups) are as they were when the key was
     * claimed (any change, a demotion above all, might refuse the request now, so the answer is not given again).
     */
    private HttpResponse<?> answerHeld(HttpRequest<?> request, ClaimedKey claim, IdempotencyRecords.StoredRecord held,
                                       String requestHash, Claimant caller) {
        if (!held.requestHash().equals(requestHash)) {
            return Rejections.toResponse(request, Reason.IDEMPOTENCY_KEY_REUSED,
                    "This " + HEADER + " was used for a different request; send a new key.");
        }
        if (held.response().isEmpty()) {
            return Rejections.toResponse(request, Reason.CONFLICT,
                    "The first request with this " + HEADER + " is still running; retry shortly.");
        }
        if (!held.claimedBy(caller.version(), caller.joinedAt(), caller.customGroups())) {
            return Rejections.toResponse(request, Reason.IDEMPOTENCY_KEY_REUSED,
                    "Your membership (or a custom group you hold) changed since the first request with this " + HEADER
                            + ", so its answer is not given again; send a new key to make the request anew.");
        }
        return replay(request, claim, held.response().get());
    }

    @ResponseFilter
    @ExecuteOn(TaskExecutors.BLOCKING)
    void remember(HttpRequest<?> request, MutableHttpResponse<?> response) {
        Optional<ClaimedKey> claim = request.getAttribute(CLAIM, ClaimedKey.class);
        if (claim.isEmpty()) {
            return;
        }
        ClaimedKey held = claim.get();
        try {
            String body = body(response);
            if (!kept(response.code()) || body.length() > MAX_KEPT_BODY) {
                records.release(held);
                return;
            }
            records.complete(held,
                    new IdempotencyRecords.StoredRecord.Response(response.code(),
                            response.getContentType().map(MediaType::toString).orElse(MediaType.APPLICATION_JSON),
                            body.isEmpty() ? "" : seal.seal(body, held.recordKey()),
                            response.getHeaders().get(HttpHeaders.LOCATION)),
                    request.getAttribute(Idempotent.CALLER_MOVED).flatMap(moved -> request.getAttribute(HELD_IF_MOVED,
                            String.class)));
        } catch (RuntimeException notKept) {
            LOG.warn("idempotency record not completed for tenant={}: {}", held.tenant().value(), notKept.toString());
            releaseQuietly(held);
        }
    }

    private static boolean kept(int status) {
        return status >= 200 && status < 300 || KEPT.contains(status);
    }

    private void releaseQuietly(ClaimedKey held) {
        try {
            records.release(held);
        } catch (RuntimeException alsoFailed) {
            LOG.warn("idempotency claim not released for tenant={}; it expires in 24 hours: {}",
                    held.tenant().value(), alsoFailed.toString());
        }
    }

    @Override
    public int getOrder() {
        return ServerFilterPhase.SECURITY.after() + 2;
    }

    private String body(MutableHttpResponse<?> response) {
        Optional<?> body = response.getBody();
        if (body.isEmpty()) {
            return "";
        }
        try {
            return new String(json.writeValueAsBytes(body.get()), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private HttpResponse<?> replay(HttpRequest<?> request, ClaimedKey claim, IdempotencyRecords.StoredRecord.Response stored) {
        Optional<String> body = stored.body().isEmpty() ? Optional.of("") : seal.open(stored.body(), claim.recordKey());
        if (body.isEmpty()) {
            return Rejections.toResponse(request, Reason.IDEMPOTENCY_KEY_REUSED,
                    "The first answer to this " + HEADER + " can no longer be opened (its sealing key was retired);"
                            + " send a new key.");
        }
        MutableHttpResponse<String> response = HttpResponse.<String>status(io.micronaut.http.HttpStatus.valueOf(
                stored.status())).header("Idempotent-Replayed", "true");
        if (!body.get().isEmpty()) {
            response.body(body.get()).contentType(stored.contentType());
        }
        if (!stored.location().isEmpty()) {
            response.header(HttpHeaders.LOCATION, stored.location());
        }
        return response;
    }

    private static Optional<TenantId> tenant(String path) {
        String[] segments = path.split("/");
        try {
            return segments.length > 3 ? Optional.of(TenantId.of(segments[3])) : Optional.empty();
        } catch (IllegalArgumentException invalid) {
            return Optional.empty();
        }
    }

    private static String sha256(String value) {
        return Sha256.hex(value);
    }
}
