package dev.enclave.app.edge.web.event;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.apikey.ApiKeyPermission;
import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.event.Events;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.InOrganisation;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.openapi.JsonAnswer;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Header;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The organisation's event feed: every event after a cursor, oldest first, in the order the changes committed, so a
 * consumer that keeps polling with the cursor it was given sees every event once.
 */
@Tag(name = "events")
@SignedIn
@SecurityRequirement(name = "apiKey")
@InOrganisation
@HttpLimits
@Controller("/v1/orgs/{org}/events")
@Secured(SecurityRule.IS_ANONYMOUS)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = Events.class)
class EventController {

    @Serdeable
    @Schema(name = "EventPage")
    record EventPage(List<EventEnvelope> items,
                     @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "Always present: poll again with it for the events after these")
                     String cursor) {
    }

    private final Events events;
    private final EventReaders readers;
    private final EventCursors cursors;

    EventController(Events events, EventReaders readers, EventCursors cursors) {
        this.events = events;
        this.readers = readers;
        this.cursors = cursors;
    }

    @Operation(operationId = "listEvents", summary = "The organisation's events after a cursor, oldest first "
            + "(owners and admins, or an API key with events:read)")
    @JsonAnswer(description = "A page of events and the cursor to poll with next", body = EventPage.class)
    @Get
    HttpResponse<?> list(HttpRequest<?> request, @Nullable Caller caller, @PathVariable String org,
                         @Parameter(description = "The cursor of the last page; none: from the oldest kept")
                         @Nullable @QueryValue String after,
                         @Parameter(description = "1 to 100 (default 100)") @Nullable @QueryValue Integer limit,
                         @Parameter(description = "Comma-separated event types to answer (the cursor still moves "
                                 + "past the others)") @Nullable @QueryValue String types,
                         @Parameter(hidden = true) @Nullable @Header(HttpHeaders.AUTHORIZATION) String key) {
        Optional<Set<EventType>> wanted = types(types);
        if (wanted.isEmpty()) {
            return Rejections.toResponse(request, Reason.BAD_REQUEST,
                    "types is a comma-separated list of event types, e.g. member.added,member.removed.");
        }
        if (limit != null && (limit < 1 || limit > Events.MAX_PAGE)) {
            return Rejections.toResponse(request, Reason.BAD_REQUEST, "limit is 1 to " + Events.MAX_PAGE + ".");
        }
        return readers.whenAllowed(request, caller, key, org, ApiKeyPermission.EVENTS_READ, log -> {
            Optional<Long> from = after == null ? Optional.of(0L)
                    : cursors.feedPlace(log.organisation(), log.incarnation(), after);
            if (from.isEmpty()) {
                return Rejections.toResponse(request, Reason.INVALID_CURSOR, "The cursor is not one of this feed.");
            }
            Events.FeedPage page = events.feed(log.organisation(), log.incarnation(), from.get(),
                    limit == null ? Events.MAX_PAGE : limit, wanted.get());
            return HttpResponse.ok(new EventPage(page.events().stream().map(EventEnvelope::of).toList(),
                    cursors.feed(log.organisation(), log.incarnation(), page.reached())));
        });
    }

    /** The types asked for (none: every type), or empty when one is not a type. */
    static Optional<Set<EventType>> types(@Nullable String types) {
        if (types == null || types.isBlank()) {
            return Optional.of(Set.of());
        }
        try {
            return Optional.of(Arrays.stream(types.split(",", -1)).map(String::strip).map(EventType::new)
                    .collect(Collectors.toSet()));
        } catch (IllegalArgumentException notAType) {
            return Optional.empty();
        }
    }
}
