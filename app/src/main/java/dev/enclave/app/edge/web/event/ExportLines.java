package dev.enclave.app.edge.web.event;

import dev.enclave.app.domain.event.RecordedEvent;
import dev.enclave.app.domain.event.Target;
import io.micronaut.serde.ObjectMapper;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One exported event per line: its envelope as JSON (NDJSON), or a CSV row (RFC 4180) whose cells never start
 * as a spreadsheet formula; the targets and the changes are JSON in their cells, so an id holding a space or a
 * slash reads back as it was.
 */
@Singleton
record ExportLines(ObjectMapper json) {

    static final String CSV_HEADER = "id,sequence,time,occurred_at,type,actor_type,actor_id,actor_email,actor_name,"
            + "targets,changes,request_id\r\n";

    String ndjson(RecordedEvent event) {
        return write(EventEnvelope.of(event)) + "\n";
    }

    String csv(RecordedEvent event) {
        return List.of(event.id(), Long.toString(event.sequence()), event.time().toString(),
                        event.occurredAt().toString(), event.type().value(), event.actor().type(), event.actor().id(),
                        event.actor().email().orElse(""), event.actor().name().orElse(""),
                        write(event.targets().stream().map(ExportLines::target).toList()), write(event.changes()),
                        event.requestId().orElse("")).stream().map(ExportLines::cell)
                .collect(Collectors.joining(",")) + "\r\n";
    }

    /** A target as its cell lists it, {@code type} first on every instance. */
    private static Map<String, String> target(Target target) {
        Map<String, String> written = new LinkedHashMap<>();
        written.put("type", target.type());
        written.put("id", target.id());
        return written;
    }

    /** A CSV cell: quoted, quotes doubled, and a leading {@code = + - @} (or tab, CR) made inert with {@code '}. */
    static String cell(String value) {
        String inert = !value.isEmpty() && "=+-@\t\r".indexOf(value.charAt(0)) >= 0 ? "'" + value : value;
        return "\"" + inert.replace("\"", "\"\"") + "\"";
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (IOException cannotWrite) {
            throw new UncheckedIOException(cannotWrite);
        }
    }
}
