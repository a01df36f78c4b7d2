package dev.enclave.app.edge.web.admin;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.enclave.app.domain.event.Events;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.Problems;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.app.edge.web.event.EventEnvelope;
import dev.enclave.app.infra.store.PageCursors;
import dev.enclave.openapi.JsonAnswer;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import java.util.Optional;

/**
 * The platform admins' own actions across tenants, newest first: each one an event of its tenant's log (actor
 * {@code platform_admin}), listed here from an index, so an action shows a moment after it was made.
 */
@Tag(name = "admin")
@SignedIn
@Problems.Forbidden
@HttpLimits
@Controller("/v1/admin/events")
@Secured(AdminTenantController.PLATFORM_ADMIN)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = Events.class)
class AdminEventsController {

    private static final String LIST = "platform-actions";

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "PlatformEventPage")
    record PlatformEventPage(List<EventEnvelope> items,
                             @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "The cursor of the next (older) page; null on the last")
                             @Nullable String nextCursor) {
    }

    private final Events events;
    private final PageCursors cursors;

    AdminEventsController(Events events, PageCursors cursors) {
        this.events = events;
        this.cursors = cursors;
    }

    @Operation(operationId = "listPlatformEvents", summary = "Platform admins' actions on tenants, newest first "
            + "(platform admins)")
    @JsonAnswer(description = "A page of events", body = PlatformEventPage.class)
    @Problems.BadRequest
    @Get
    HttpResponse<?> list(HttpRequest<?> request,
                         @Parameter(description = "The cursor of the last page") @Nullable @QueryValue String cursor,
                         @Parameter(description = "1 to 100 (default 50)") @Nullable @QueryValue Integer limit) {
        if (limit != null && (limit < 1 || limit > Events.MAX_PAGE)) {
            return Rejections.toResponse(request, Reason.BAD_REQUEST, "limit is 1 to " + Events.MAX_PAGE + ".");
        }
        Optional<String> after = cursor == null ? Optional.empty() : cursors.decodePlatform(LIST, cursor);
        if (cursor != null && after.isEmpty()) {
            return Rejections.toResponse(request, Reason.INVALID_CURSOR, "The cursor is not one of this list.");
        }
        Events.PlatformPage page = events.platformActions(limit == null ? 50 : limit, after);
        return HttpResponse.ok(new PlatformEventPage(page.events().stream().map(EventEnvelope::of).toList(),
                page.last().map(last -> cursors.encodePlatform(LIST, last)).orElse(null)));
    }
}
