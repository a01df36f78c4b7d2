package dev.enclave.bench.run;

import static dev.enclave.bench.run.PerformanceReport.number;
import static dev.enclave.bench.run.PerformanceReport.spread;

import dev.enclave.bench.load.CpuReading;
import dev.enclave.bench.load.Sample;
import dev.enclave.bench.server.BenchServer;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** The events cell's section of the report: writes with events on and off, what events add, a feed page. */
final class EventsSection {

    /** Throughput with events ÷ without, per round (issue 25). */
    static final double THROUGHPUT_TARGET = 0.95;
    /** DynamoDB Queries one feed page of 100 reads. */
    static final double FEED_QUERIES_TARGET = 1;
    private static final List<String> COMPONENTS = List.of("app", "gateway", CpuReading.SANDBOX_IAM,
            "dynamodb-local", "sts", "other", "jvm", "total");

    private EventsSection() {
    }

    /** Section {@code number}, the events cell. */
    static String of(EventCost.Result result, String number) {
        StringBuilder md = new StringBuilder();
        md.append("## ").append(number).append(". Events\n\n");
        md.append(String.format(Locale.ROOT, "Every workflow's transaction also records its event: one more update, "
                + "of the organisation's log head (taking the next place, conditional on the place last seen), and "
                + "one more put per event, in the same transaction. Two servers under test side by side, each a JVM "
                + "of its own as in section 1 (the local stack and the scoped application; no baseline): **events "
                + "on**, Enclave as shipped, and **events off**, the same with the bench module's `NoEvents` in place "
                + "of the event log (`-D%s=off`), which sends each transaction without its event and without the "
                + "head's update; the product has no setting that turns events off. Each server seeded %,d tenants "
                + "and ran section 1's **write** workload over them (owners invite, invitees accept), `wrk`, %d "
                + "threads, %d connections: a warm-up of %.0f s on each, then %d rounds, in each both servers one "
                + "after the other (which goes first alternates by round), a %.0f s lead-in (discarded) and a %.0f s "
                + "measured segment. Ratios are taken per round, then median (min–max).%n%n",
                BenchServer.EVENTS_PROPERTY, result.tenants(), result.wrkThreads(), result.connections(),
                result.warmUpSeconds(), result.rounds(), result.leadInSeconds(), result.segmentSeconds()));
        md.append("| write workload | throughput (req/s) | p50 (ms) | p99 (ms) | server CPU (ms/req) | errors |\n");
        md.append("|---|---|---|---|---|---:|\n");
        for (Results.CellResult cell : List.of(result.on(), result.off())) {
            md.append("| ").append(cell.cell().path()).append(" | ").append(spread(cell.throughput(), 0))
                    .append(" | ").append(spread(cell.p50Ms(), 1)).append(" | ").append(spread(cell.p99Ms(), 1))
                    .append(" | ").append(spread(cell.cpuMsPerRequest(), 2)).append(" | ").append(cell.errors())
                    .append(" |\n");
        }
        Results.Ratio ratio = result.ratio();
        md.append("| on ÷ off, per round | ").append(spread(ratio.throughput(), 2)).append(" | ")
                .append(spread(ratio.p50(), 2)).append(" | ").append(spread(ratio.p99(), 2)).append(" | ")
                .append(spread(ratio.cpuPerRequest(), 2)).append(" | |\n\n");
        md.append(String.format(Locale.ROOT, "Throughput with events ÷ without: **%s** against a target of ≥ %.2f — "
                + "%s.%n%n", spread(ratio.throughput(), 2), THROUGHPUT_TARGET, verdict(result)));
        md.append("Where each server's CPU goes, median ms per write by component, as in section 1 (`app` the "
                + "application; `gateway` the sandbox's enforcing endpoint (`sandbox-iam` is part of it), which also "
                + "reads the items a transaction writes before and after it to charge its capacity; `dynamodb-local` "
                + "Jetty and SQLite; `jvm` JIT "
                + "compilation, garbage collection and threads that ended). The last row is the difference, round by "
                + "round, then median: what events add, and on whose CPU — in AWS the gateway's and DynamoDB Local's "
                + "share is DynamoDB's work, not Enclave's servers'.\n\n");
        md.append("| write workload | " + String.join(" | ", COMPONENTS) + " |\n");
        md.append("|---|" + "---:|".repeat(COMPONENTS.size()) + "\n");
        for (Results.CellResult cell : List.of(result.on(), result.off())) {
            md.append("| ").append(cell.cell().path()).append(" |");
            COMPONENTS.forEach(component -> md.append(' ').append(number(Spread.of(cell.samples().stream()
                    .map(sample -> sample.cpuMs().getOrDefault(component, 0.0)).toList()).median(), 3)).append(" |"));
            md.append('\n');
        }
        md.append("| on − off, per round |");
        List<Sample> on = result.on().samples();
        List<Sample> off = result.off().samples();
        COMPONENTS.forEach(component -> md.append(' ').append(number(Spread.of(IntStream.range(0,
                Math.min(on.size(), off.size())).mapToObj(i -> on.get(i).cpuMs().getOrDefault(component, 0.0)
                - off.get(i).cpuMs().getOrDefault(component, 0.0)).toList()).median(), 3)).append(" |"));
        md.append("\n\n");

        EventCost.Capacity c = result.capacity();
        md.append("### What events add per write\n\n");
        md.append(String.format(Locale.ROOT, "From the items stored. After the rounds, every event they recorded "
                + "(those after the place each tenant's head showed before the first round) was read back from the "
                + "events-on server's table, strongly consistently, as the application's principal through the "
                + "gateway, and grouped into the transactions that wrote them (one transaction's events share its "
                + "request id and time). Each item is priced by DynamoDB's rules: its size (the UTF-8 bytes of the "
                + "attribute names plus the values' sizes: a string its bytes, a number a byte per two digits plus "
                + "one, a list or map 3 bytes plus a byte and the size of each element), rounded up to 1 KB, "
                + "**twice** (a transaction writes each item twice); the head's update likewise, on the head item as "
                + "stored (%s bytes). Writes answered in the rounds (2xx of the two write endpoints): %,d; "
                + "transactions found recording events: %,d, with %,d events.%n%n",
                spread(c.headItemBytes(), 0), c.writesAnswered(), c.transactionsFound(), c.eventsFound()));
        md.append("| transaction records | transactions | events each | event item (bytes) | write units its events "
                + "and head update add |\n");
        md.append("|---|---:|---:|---|---|\n");
        for (EventCost.Shape shape : c.shapes()) {
            md.append("| ").append(shape.records()).append(" | ").append(number(shape.transactions(), 0))
                    .append(" | ").append(shape.eventsPerTransaction()).append(" | ")
                    .append(spread(shape.eventItemBytes(), 0)).append(" | ")
                    .append(spread(shape.unitsPerTransaction(), 0)).append(" |\n");
        }
        md.append(String.format(Locale.ROOT, "%n**Write units events add per write: %.2f** (the units above summed, "
                + "÷ the writes answered).%n%n", c.unitsAddedPerWrite()));
        md.append("From the gateway's charges, as a cross-check: the sandbox's gateway charges each TransactWriteItems "
                + "by the same rules, item by item from the images before and after it, and each application records "
                + "the charge per endpoint (`enclave_dynamodb_capacity`, read off each server's `/prometheus` before "
                + "and after the rounds). Its charge also counts what a write costs the table's indexes, so *added* "
                + "equal to the units above says events add no index writes. DynamoDB calls per request beside "
                + "it.\n\n");
        md.append("| endpoint | requests, on / off | TransactWriteItems units per request, on | off | added | DynamoDB "
                + "calls per request, on | off |\n");
        md.append("|---|---|---:|---:|---:|---|---|\n");
        for (EventCost.Charged charged : c.charged()) {
            md.append("| `").append(charged.endpoint()).append("` | ").append(number(charged.requestsOn(), 0))
                    .append(" / ").append(number(charged.requestsOff(), 0)).append(" | ")
                    .append(number(charged.unitsOn(), 2)).append(" | ").append(number(charged.unitsOff(), 2))
                    .append(" | ").append(number(charged.unitsAdded(), 2)).append(" | ")
                    .append(calls(charged.callsOn())).append(" | ").append(calls(charged.callsOff())).append(" |\n");
        }
        md.append(String.format(Locale.ROOT, "%nItems of the log (head or event) on the events-off server after the "
                + "rounds: %,d.%n%n", c.logItemsWithEventsOff()));

        EventCost.Feed f = result.feed();
        md.append("### A feed page\n\n");
        md.append(String.format(Locale.ROOT, "`GET /v1/orgs/{org}/events?limit=%d` by the owner of an organisation "
                + "whose log held %,d events (its founding, its set-up and one invitation after another), on the "
                + "events-on server after the rounds: one client, one page at a time, each checked to hold %d "
                + "events; DynamoDB calls per page from the application's own metrics (`enclave_dynamodb_calls_total` "
                + "for the route ÷ `http_server_requests_seconds_count`), over %,d pages after unmeasured ones. The "
                + "read units are DynamoDB's price of a strongly consistent Query of the page's items (their sizes "
                + "summed, rounded up to 4 KB), and DynamoDB Local's report.%n%n", f.itemsPerPage(), f.eventsInLog(),
                f.itemsPerPage(), f.pages()));
        md.append("| pages | DynamoDB calls per page | Queries per page | page's items (bytes) | read units, DynamoDB's "
                + "rules | read units, DynamoDB Local's report | p50 (ms) | p99 (ms) |\n");
        md.append("|---:|---|---:|---:|---:|---:|---:|---:|\n");
        md.append("| ").append(f.pages()).append(" | ").append(calls(f.callsPerPage())).append(" | ")
                .append(number(f.queriesPerPage(), 2)).append(" | ").append(number(f.pageBytes(), 0)).append(" | ")
                .append(f.readUnits()).append(" | ").append(number(f.reportedReadUnitsPerPage(), 1)).append(" | ")
                .append(number(f.latencyMs().get("p50"), 2)).append(" | ").append(number(f.latencyMs().get("p99"), 2))
                .append(" |\n\n");
        md.append("The BatchGetItem is the access check every organisation route makes (the caller's membership and "
                + "the organisation); the page itself is the Query.\n\n");
        return md.toString();
    }

    /** The throughput target's verdict, or why it is not judged. */
    static String verdict(EventCost.Result result) {
        if (result.on().errors() + result.off().errors() > 0) {
            return "not judged: requests failed (see the errors column)";
        }
        double ratio = result.ratio().throughput().median();
        return ratio >= THROUGHPUT_TARGET ? "met"
                : String.format(Locale.ROOT, "missed by %.0f%%", (THROUGHPUT_TARGET - ratio) / THROUGHPUT_TARGET * 100);
    }

    /** The feed target's verdict. */
    static String feedVerdict(EventCost.Result result) {
        return result.feed().queriesPerPage() <= FEED_QUERIES_TARGET ? "met" : "missed";
    }

    private static String calls(Map<String, Double> calls) {
        return calls.isEmpty() ? "–" : calls.entrySet().stream().map(e -> e.getKey() + " " + number(e.getValue(), 2))
                .collect(Collectors.joining(", "));
    }
}
