package dev.enclave.app.edge.web.event;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.apikey.ApiKeyPermission;
import dev.enclave.app.domain.event.Events;
import dev.enclave.app.domain.event.RecordedEvent;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.InOrganisation;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.app.infra.store.event.EventSettings;
import dev.enclave.openapi.JsonAnswer;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
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
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Schedulers;

/**
 * The organisation's audit log: its events newest first, filtered by actor, action, target and time, paged with a
 * cursor, and exported whole as NDJSON or CSV, read page by page as the answer is written.
 */
@Tag(name = "audit-log")
@SignedIn
@SecurityRequirement(name = "apiKey")
@InOrganisation
@HttpLimits
@Controller("/v1/orgs/{org}/audit-log")
@Secured(SecurityRule.IS_ANONYMOUS)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = Events.class)
class AuditLogController {

    static final MediaType NDJSON = MediaType.of("application/x-ndjson");
    static final MediaType CSV = MediaType.of("text/csv");

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "AuditLogPage")
    record AuditLogPage(List<EventEnvelope> items,
                        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "The cursor of the next (older) page; null on the last")
                        @Nullable String nextCursor) {
    }

    private final Events events;
    private final EventReaders readers;
    private final EventCursors cursors;
    private final ExportLines lines;
    private final EventSettings settings;

    AuditLogController(Events events, EventReaders readers, EventCursors cursors, ExportLines lines,
                       EventSettings settings) {
        this.events = events;
        this.readers = readers;
        this.cursors = cursors;
        this.lines = lines;
        this.settings = settings;
    }

    @Operation(operationId = "listAuditLog", summary = "The organisation's audit log, newest first, filtered "
            + "(owners and admins, or an API key with audit_log:read)")
    @JsonAnswer(description = "A page of matching events", body = AuditLogPage.class)
    @Get
    HttpResponse<?> list(HttpRequest<?> request, @Nullable Caller caller, @PathVariable String org,
                         @Parameter(description = "The actor's id") @Nullable @QueryValue String actor,
                         @Parameter(description = "The event type") @Nullable @QueryValue String action,
                         @Parameter(description = "A target, type/id") @Nullable @QueryValue String target,
                         @Parameter(description = "Recorded at or after (RFC 3339)") @Nullable @QueryValue String from,
                         @Parameter(description = "Recorded before (RFC 3339)") @Nullable @QueryValue String to,
                         @Parameter(description = "The cursor of the last page") @Nullable @QueryValue String cursor,
                         @Parameter(description = "1 to 100 (default 50)") @Nullable @QueryValue Integer limit,
                         @Parameter(hidden = true) @Nullable @Header(HttpHeaders.AUTHORIZATION) String key) {
        if (limit != null && (limit < 1 || limit > Events.MAX_PAGE)) {
            return Rejections.toResponse(request, Reason.BAD_REQUEST, "limit is 1 to " + Events.MAX_PAGE + ".");
        }
        return readers.whenAllowed(request, caller, key, org, ApiKeyPermission.AUDIT_LOG_READ, log -> {
            Optional<Long> before = cursor == null ? Optional.empty()
                    : cursors.auditLogPlace(log.organisation(), log.incarnation(), cursor);
            if (cursor != null && before.isEmpty()) {
                return Rejections.toResponse(request, Reason.INVALID_CURSOR, "The cursor is not one of this log.");
            }
            return withQuery(request, AuditQueries.read(actor, action, target, from, to, before,
                    limit == null ? 50 : limit), query -> {
                        Events.AuditPage page = events.auditLog(log.organisation(), log.incarnation(), query);
                        return HttpResponse.ok(new AuditLogPage(page.events().stream().map(EventEnvelope::of).toList(),
                                page.before().map(place -> cursors.auditLog(log.organisation(), log.incarnation(),
                                        place)).orElse(null)));
                    });
        });
    }

    @Operation(operationId = "exportAuditLog", summary = "Every matching event of the audit log, newest first, as "
            + "NDJSON or CSV (owners and admins, or an API key with audit_log:read)")
    @ApiResponse(responseCode = "204", description = "No event matches, found by the first page's reads (NDJSON; a "
            + "CSV answers its header alone); a filter that matches nothing in a longer log answers 200 and no line")
    @ApiResponse(responseCode = "200", description = "The events, streamed: one JSON event a line, or CSV",
            headers = @io.swagger.v3.oas.annotations.headers.Header(name = "Content-Disposition",
                description = "attachment, with the file name the export suggests", schema = @Schema(type = "string")),
            content = {@Content(mediaType = "application/x-ndjson", schema = @Schema(type = "string")),
                @Content(mediaType = "text/csv", schema = @Schema(type = "string"))})
    @Get(value = "/export", produces = {"application/x-ndjson", "text/csv", MediaType.APPLICATION_JSON,
        "application/problem+json"})
    HttpResponse<?> export(HttpRequest<?> request, @Nullable Caller caller, @PathVariable String org,
                           @Parameter(description = "ndjson or csv; when left out, csv if Accept asks for text/csv "
                                   + "alone, else ndjson") @Nullable @QueryValue String format,
                           @Nullable @QueryValue String actor, @Nullable @QueryValue String action,
                           @Nullable @QueryValue String target, @Nullable @QueryValue String from,
                           @Nullable @QueryValue String to,
                           @Parameter(hidden = true) @Nullable @Header(HttpHeaders.AUTHORIZATION) String key) {
        boolean csv = "csv".equals(format) || format == null && asksForCsv(request);
        if (format != null && !csv && !"ndjson".equals(format)) {
            return Rejections.toResponse(request, Reason.BAD_REQUEST, "format is ndjson or csv.");
        }
        return readers.whenAllowed(request, caller, key, org, ApiKeyPermission.AUDIT_LOG_READ, log -> withQuery(
                request, AuditQueries.read(actor, action, target, from, to, Optional.empty(),
                        settings.getExportPage()),
                query -> {
                    Export export = new Export(query, () -> readers.stillAllowed(caller, key,
                            ApiKeyPermission.AUDIT_LOG_READ, log));
                    Optional<RecordedEvent> first = export.first(events, log);
                    if (first.isEmpty() && export.exhausted() && !csv) {
                        return HttpResponse.noContent();
                    }
                    return HttpResponse.ok(stream(log, export, first, csv)).contentType(csv ? CSV : NDJSON)
                            .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"audit-log-"
                                    + log.organisation().value() + (csv ? ".csv\"" : ".ndjson\""));
                }));
    }

    /**
     * Whether the request's Accept names CSV and not NDJSON, each by its own name (a wildcard names neither):
     * {@code format} left out, the header decides.
     */
    private static boolean asksForCsv(HttpRequest<?> request) {
        var named = request.accept().stream().map(MediaType::getName).toList();
        return named.contains(CSV.getName()) && !named.contains(NDJSON.getName());
    }

    private static HttpResponse<?> withQuery(HttpRequest<?> request, AuditQueries.Read read,
                                             Function<Events.AuditQuery, HttpResponse<?>> answer) {
        if (read instanceof AuditQueries.Wrong wrong) {
            return Rejections.toResponse(request, Reason.BAD_REQUEST, wrong.detail());
        }
        return answer.apply(((AuditQueries.Query) read).query());
    }

    /**
     * The export, one line per event from {@code first} on, each further page read only when the lines before it
     * were taken, one page at a time even when it matches nothing: a client that goes away stops the reads at the
     * next page, not at the next match. Before each further page the reader's access is read again; once it lapsed
     * the answer is cut off there, unfinished, so the client sees it failed rather than a shorter log.
     */
    private Flux<String> stream(EventReaders.Log log, Export export, Optional<RecordedEvent> first, boolean csv) {
        Function<RecordedEvent, String> line = csv ? lines::csv : lines::ndjson;
        Flux<String> rest = Flux.<List<RecordedEvent>, Export>generate(() -> export, (state, sink) -> {
            if (state.exhausted()) {
                sink.complete();
            } else {
                sink.next(state.nextPage(events, log));
            }
            return state;
        }).subscribeOn(Schedulers.boundedElastic()).concatMapIterable(page -> page.stream().map(line).toList(), 1);
        Flux<String> rows = Flux.fromStream(first.stream().map(line)).concatWith(rest);
        return csv ? Flux.just(ExportLines.CSV_HEADER).concatWith(rows) : rows;
    }

    /** Where an export is: the events of the page read, and the place to read the next page before. */
    private static final class Export {
        private final Deque<RecordedEvent> read = new ArrayDeque<>();
        private final BooleanSupplier stillAllowed;
        private Events.AuditQuery query;
        private boolean more = true;

        Export(Events.AuditQuery query, BooleanSupplier stillAllowed) {
            this.query = query;
            this.stillAllowed = stillAllowed;
        }

        /**
         * The first event, if the first page holds one: the answer starts after one page's reads (at most
         * {@code DynamoDbEvents.AUDIT_QUERIES} Queries) however few events match, not after reading to the first.
         */
        Optional<RecordedEvent> first(Events events, EventReaders.Log log) {
            readPage(events, log);
            return Optional.ofNullable(read.poll());
        }

        /**
         * The events read and not yet taken, or those of the next page when none are (perhaps none), if the reader
         * may still read them.
         */
        List<RecordedEvent> nextPage(Events events, EventReaders.Log log) {
            if (read.isEmpty() && more) {
                if (!stillAllowed.getAsBoolean()) {
                    throw new AccessLapsed(log);
                }
                readPage(events, log);
            }
            List<RecordedEvent> taken = List.copyOf(read);
            read.clear();
            return taken;
        }

        /** Whether every event was read and taken. */
        boolean exhausted() {
            return read.isEmpty() && !more;
        }

        private void readPage(Events events, EventReaders.Log log) {
            Events.AuditPage page = events.auditLog(log.organisation(), log.incarnation(), query);
            read.addAll(page.events());
            more = page.before().isPresent();
            query = new Events.AuditQuery(query.actor(), query.type(), query.target(), query.from(), query.to(),
                    page.before(), query.limit());
        }
    }

    /**
     * The reader of an export lost their access to the log while it was being written: the rest is not. An expected
     * end, not a fault, so it carries no stack trace to the log's warning that the answer was cut off.
     */
    static final class AccessLapsed extends RuntimeException {

        AccessLapsed(EventReaders.Log log) {
            super("the reader of " + log.organisation().value() + "'s audit-log export lost their access to it", null,
                    false, false);
        }
    }
}
