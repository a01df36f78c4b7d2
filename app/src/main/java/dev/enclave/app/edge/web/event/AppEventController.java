package dev.enclave.app.edge.web.event;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.apikey.ApiKeyPermission;
import dev.enclave.app.domain.event.Actor;
import dev.enclave.app.domain.event.EventContext;
import dev.enclave.app.domain.event.EventRecorder;
import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.app.domain.event.Target;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Refusal;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.Idempotent;
import dev.enclave.app.edge.contract.InOrganisation;
import dev.enclave.app.edge.contract.JsonBody;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.input.Text;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.digest.Sha256;
import dev.enclave.openapi.JsonAnswer;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Header;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.json.JsonMapper;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A tenant's app records its own actions in the organisation's audit log (an API key with {@code audit_log:write},
 * or an owner or admin): validated, bounded, and idempotent by {@code Idempotency-Key}.
 */
@Tag(name = "audit-log")
@SignedIn
@SecurityRequirement(name = "apiKey")
@InOrganisation
@HttpLimits
@Controller("/v1/orgs/{org}/audit-log")
@Secured(SecurityRule.IS_ANONYMOUS)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = EventRecorder.class)
class AppEventController {

    /** How far in the past an app may say its action happened. */
    static final Duration OLDEST = Duration.ofDays(365);
    /** How far ahead of Enclave's clock an app's clock may be. */
    static final Duration SKEW = Duration.ofMinutes(5);
    static final int MOST_METADATA = 50;

    private static final String NAME = "[a-z][a-z0-9_]{0,31}";

    @Serdeable
    @Schema(name = "AppEvent")
    record AppEvent(
            @Schema(description = "What the app did: lowercase dot-separated words, in no resource of Enclave's own "
                    + "(e.g. invoice.approved)") @NotNull @Size(max = 64) String action,
            @NotNull @Valid AppActor actor,
            @Nullable @Size(max = 10) List<@NotNull @Valid AppTarget> targets,
            @Schema(description = "Up to 50 entries; strings (up to 1000 characters), numbers, booleans; keys and "
                    + "values take at most 16384 bytes together in UTF-8",
                    type = "object", additionalProperties = Schema.AdditionalPropertiesValue.TRUE)
            @Nullable Map<String, Object> metadata,
            @Schema(description = "When it happened (RFC 3339); none: now") @Nullable String occurredAt) {
    }

    @Serdeable
    @Schema(name = "AppEventActor")
    record AppActor(@NotNull @Pattern(regexp = NAME, message = "must be a lowercase word") String type,
                    @NotNull @Text(max = 200) String id, @Nullable @Text(max = 200) String name) {
    }

    @Serdeable
    @Schema(name = "AppEventTarget")
    record AppTarget(@NotNull @Pattern(regexp = NAME, message = "must be a lowercase word") String type,
                     @NotNull @Text(max = 200) String id) {
    }

    @Serdeable
    @Schema(name = "AppEventRecorded")
    record Recorded(@Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "recorded, or already_recorded (a retry with the same Idempotency-Key)")
                    String status) {
    }

    private final EventRecorder recorder;
    private final EventReaders readers;
    private final Clock clock;
    private final EventContext context;
    private final JsonMapper json;

    AppEventController(EventRecorder recorder, EventReaders readers, Clock clock, EventContext context,
                       JsonMapper json) {
        this.recorder = recorder;
        this.json = json;
        this.context = context;
        this.readers = readers;
        this.clock = clock;
    }

    @Operation(operationId = "recordAuditEvent", summary = "Record the app's own action in the audit log "
            + "(an API key with audit_log:write, or owners and admins)")
    @JsonAnswer(status = "201", description = "Recorded", body = Recorded.class, replayable = true)
    @ApiResponse(responseCode = "200", description = "Recorded before, with this Idempotency-Key",
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = Recorded.class)))
    @JsonBody
    @Idempotent
    @Post
    HttpResponse<?> record(HttpRequest<?> request, @Nullable Caller caller, @PathVariable String org,
                           @Valid @Body AppEvent body,
                           @Parameter(hidden = true) @Nullable @Header("Idempotency-Key") String idempotencyKey,
                           @Parameter(hidden = true) @Nullable @Header(HttpHeaders.AUTHORIZATION) String key) {
        Optional<Refusal> wrong = wrong(body, idempotencyKey);
        if (wrong.isPresent()) {
            return Rejections.toResponse(request, wrong.get());
        }
        return readers.whenAllowed(request, caller, key, org, ApiKeyPermission.AUDIT_LOG_WRITE, log -> {
            EventRecorder.Recorded recorded = recorder.record(log.organisation(), log.incarnation(), event(body),
                    Optional.ofNullable(idempotencyKey).map(given -> new EventRecorder.Once(given, digest(body))));
            return switch (recorded) {
                case RECORDED -> HttpResponse.status(HttpStatus.CREATED).body(new Recorded("recorded"));
                case ALREADY_RECORDED -> HttpResponse.ok(new Recorded("already_recorded"));
                case KEY_REUSED -> Rejections.toResponse(request, Reason.IDEMPOTENCY_KEY_REUSED,
                        "This Idempotency-Key was sent with another event; nothing was recorded. Send a new key.");
                case NO_ORGANISATION -> Rejections.toResponse(request, Reason.ORGANISATION_NOT_FOUND,
                        "The organisation is gone.");
                case NOT_ACTIVE -> Rejections.toResponse(request, Reason.ORGANISATION_SUSPENDED,
                        "The organisation is suspended; nothing was recorded.");
            };
        });
    }

    private Optional<Refusal> wrong(AppEvent body, @Nullable String idempotencyKey) {
        if (!EventType.admitsApp(body.action())) {
            return Optional.of(Refusal.invalid("action", "must be two to four lowercase dot-separated words, in no "
                    + "resource of Enclave's own events (organisation, member, invitation, ...)"));
        }
        if (Actor.reservedForEnclave(body.actor().type())) {
            return Optional.of(Refusal.invalid("actor.type", "must name your app's own kind of actor, not one of "
                    + "Enclave's own (api_key, platform_admin, system)"));
        }
        if (idempotencyKey != null && (idempotencyKey.isBlank() || idempotencyKey.length() > 200)) {
            return Optional.of(Refusal.invalid("Idempotency-Key", "must be 1 to 200 characters"));
        }
        Optional<Refusal> metadata = AppEventMetadata.wrong(body.metadata(), MOST_METADATA);
        if (metadata.isPresent()) {
            return metadata;
        }
        if (body.occurredAt() != null) {
            Optional<Instant> at = AuditQueries.instant(body.occurredAt());
            Instant now = clock.instant();
            if (at.isEmpty() || at.get().isBefore(now.minus(OLDEST)) || at.get().isAfter(now.plus(SKEW))) {
                return Optional.of(Refusal.invalid("occurredAt", "must be an RFC 3339 time within the last 365 days"));
            }
        }
        return Optional.empty();
    }

    /**
     * The event as asked for, however the body spelled it (spacing, the order of the metadata's keys, the form of
     * {@code occurredAt}): what a retry with the same key must ask for again.
     */
    private String digest(AppEvent body) {
        Map<String, Object> asked = new LinkedHashMap<>();
        asked.put("action", body.action());
        asked.put("actor", body.actor());
        asked.put("targets", body.targets() == null ? List.of() : body.targets());
        asked.put("metadata", body.metadata() == null ? Map.of() : new TreeMap<>(body.metadata()));
        asked.put("occurredAt", body.occurredAt() == null ? ""
                : AuditQueries.instant(body.occurredAt()).map(Instant::toString).orElse(body.occurredAt()));
        try {
            return Sha256.hex(json.writeValueAsString(asked));
        } catch (IOException unwritable) {
            throw new UncheckedIOException(unwritable);
        }
    }

    /** The app's event, with who recorded it (the API key or the member) beside whoever the app says acted. */
    private NewEvent event(AppEvent body) {
        Actor actor = new Actor(body.actor().type(), body.actor().id(), Optional.empty(),
                Optional.ofNullable(body.actor().name()));
        List<Target> targets = body.targets() == null ? List.of()
                : body.targets().stream().map(target -> new Target(target.type(), target.id())).toList();
        Map<String, Object> changes = new HashMap<>();
        changes.put("metadata", body.metadata() == null ? Map.of() : body.metadata());
        Actor recorder = context.actor();
        changes.put("recordedBy", Map.of("type", recorder.type(), "id", recorder.id()));
        return new NewEvent(EventType.ofApp(body.action()), targets, changes, Optional.of(actor),
                body.occurredAt() == null ? Optional.empty() : AuditQueries.instant(body.occurredAt()));
    }
}
