package dev.enclave.app.support;

import com.atlassian.oai.validator.model.ApiOperation;
import com.atlassian.oai.validator.report.ValidationReport;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * The report of a report-only run: mismatches grouped by operation and status, then message, each with how often it
 * was seen and the first exchange and test that showed it. Rewritten on every addition, so it is complete whenever
 * a JVM stops; the test JVMs of one Maven build (surefire's, failsafe's) add to the same report, which a new build
 * starts afresh.
 */
final class ContractReport {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path text;
    private final Path state;
    private final Saved saved;

    ContractReport(Path text) {
        this.text = text;
        this.state = text.resolveSibling(text.getFileName() + ".json");
        this.saved = load(state, build());
        write();
    }

    synchronized void add(Exchange exchange, List<ValidationReport.Message> messages) {
        for (ValidationReport.Message message : messages) {
            String operationAndStatus = operation(message, exchange) + " -> " + exchange.status();
            saved.groups().computeIfAbsent(operationAndStatus, o -> new TreeMap<>())
                    .merge("[" + message.getKey() + "] " + oneLine(message.getMessage()),
                            new Seen(exchange.summary(), test(), 1), Seen::plus);
        }
        write();
    }

    private static String operation(ValidationReport.Message message, Exchange exchange) {
        return message.getContext().flatMap(ValidationReport.MessageContext::getApiOperation)
                .map(ContractReport::template).orElse(exchange.method() + " " + exchange.path() + " (no operation)");
    }

    private static String template(ApiOperation operation) {
        return operation.getMethod() + " " + operation.getApiPath().original();
    }

    private static String oneLine(String message) {
        return message.replaceAll("\\s*\\n\\s*", " ");
    }

    /** The test method: the outermost call in a test class (helpers and lambdas of the class are further in). */
    private static String test() {
        return Arrays.stream(Thread.currentThread().getStackTrace())
                .filter(frame -> frame.getClassName().startsWith("dev.enclave.")
                        && frame.getClassName().matches(".*(IT|Test)(\\$.*)?"))
                .reduce((inner, outer) -> outer)
                .map(frame -> simpleName(frame.getClassName()) + "." + frame.getMethodName())
                .orElse("?");
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }

    /**
     * The Maven build this JVM runs in: the nearest ancestor process that is a JVM (surefire and failsafe fork test
     * JVMs from Maven's, sometimes through a shell).
     */
    private static String build() {
        return Stream.iterate(ProcessHandle.current().parent().orElse(null), Objects::nonNull,
                        process -> process.parent().orElse(null))
                .filter(process -> process.info().command().filter(command -> command.endsWith("/java")).isPresent())
                .findFirst()
                .map(process -> process.pid() + "@" + process.info().startInstant().map(Instant::toString).orElse(""))
                .orElseGet(() -> UUID.randomUUID().toString());
    }

    private static Saved load(Path state, String build) {
        try {
            if (Files.exists(state)) {
                Saved earlier = JSON.readValue(state.toFile(), Saved.class);
                if (build.equals(earlier.build())) {
                    return earlier;
                }
            }
        } catch (IOException unreadable) {
            // an earlier report of another form: start afresh
        }
        return new Saved(build, new TreeMap<>());
    }

    private void write() {
        try {
            Files.createDirectories(text.getParent());
            JSON.writeValue(state.toFile(), saved);
            Files.writeString(text, render());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String render() {
        StringBuilder report = new StringBuilder("OpenAPI contract mismatches (report-only run): ")
                .append(saved.groups().values().stream().mapToInt(Map::size).sum()).append(" distinct, ")
                .append(saved.groups().values().stream().flatMap(group -> group.values().stream())
                        .mapToInt(Seen::count).sum()).append(" in all\n");
        saved.groups().forEach((operation, messages) -> {
            report.append('\n').append(operation).append('\n');
            messages.forEach((message, seen) -> report.append("  ").append(message).append("  x").append(seen.count())
                    .append("\n      first: ").append(seen.example()).append("  (").append(seen.test()).append(")\n"));
        });
        return report.toString();
    }

    /** What the report holds between the JVMs of one build. */
    record Saved(String build, TreeMap<String, TreeMap<String, Seen>> groups) {
    }

    /** A message seen {@code count} times, first in {@code example} from {@code test}. */
    record Seen(String example, String test, int count) {

        Seen plus(Seen again) {
            return new Seen(example, test, count + again.count);
        }
    }
}
