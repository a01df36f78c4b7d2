package dev.enclave.bench.run;

import static dev.enclave.bench.run.PerformanceReport.number;
import static dev.enclave.bench.run.PerformanceReport.spread;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** The webhooks cell's section of the report: delivery latency at a fixed rate of events, and a backlog's drain. */
final class WebhooksSection {

    /** The section's number in the report. */
    static final String NUMBER = "11";
    /** A drain at this share of the poll's bound or more is said to be held by the poll. */
    private static final double POLL_BOUND_SHARE = 0.8;

    private WebhooksSection() {
    }

    /**
     * Section {@code number}, the webhooks cell; {@code ownRun} is where and when it ran when that was a run of its
     * own ({@code bench/run --webhooks}) rather than the full run the rest of the report comes from.
     */
    static String of(WebhookDelivery.Result result, String number, Optional<Results.Environment> ownRun) {
        WebhookDelivery.Backlog b = result.backlog();
        StringBuilder md = new StringBuilder();
        md.append("## ").append(number).append(". Webhooks\n\n");
        ownRun.ifPresent(e -> md.append(String.format(Locale.ROOT, "*From `bench/run --webhooks` on %s at commit `%s` "
                + "(%d cores, %s, Java %s), a run of its own, not the run the rest of this page comes from; "
                + "`bench/results/webhooks.json` holds its figures.*%n%n", e.date(), e.commit(), e.cores(), e.os(),
                e.java())));
        md.append(String.format(Locale.ROOT, "How soon an organisation's events reach its webhook endpoint, and how "
                + "fast a backlog drains once a receiver is back ([webhooks.md](webhooks.md)). A server of its own: "
                + "the bench server's scoped application alone (no unscoped baseline, request limits off), so **one "
                + "instance** makes every attempt, with the product's defaults set explicitly: "
                + "`enclave.webhooks.concurrency` **%d** attempt threads, `enclave.webhooks.poll-interval` **%s s**. "
                + "The receiver runs in the bench's own process: a JDK `HttpServer` on loopback that notes each "
                + "request's arrival before reading the rest of it, checks its signature with the endpoint's secret "
                + "and answers; each organisation has one endpoint at `http://localhost:<port>/…` (the local stack "
                + "allows http and loopback), wanting `service.created`. DynamoDB Local, the gateway, the "
                + "application, the receiver and the clients all share this machine's cores.%n%n",
                result.attemptThreads(), number(result.pollIntervalSeconds(), 0)));

        md.append("### From commit to receipt\n\n");
        WebhookDelivery.Latency first = result.latency().get(0);
        md.append(String.format(Locale.ROOT, "`POST /v1/orgs/{org}/services` at fixed rates, each over %d "
                + "organisations of its own taking turns (so no organisation's log head makes writes wait on each "
                + "other), an open loop: each write is sent at its time by one of %d client threads whatever the "
                + "earlier ones are doing. Per rate %.0f s of warm-up (not counted), then **%.0f s measured**, then "
                + "up to %s s for the last deliveries. Commit time is taken two ways, both on this machine's one "
                + "clock: **the envelope's `time`**, which the application stamps just before it sends the "
                + "transaction that commits the event, so the latency from it includes the commit itself and is what "
                + "any receiver can compute on its own: the figure to quote; and **the write's 201 back at the "
                + "client**, after the commit and the answer's way back, so a delivery can arrive before it (a "
                + "negative latency).%n%n", first.organisations(), WebhookDelivery.WRITERS, first.warmUpSeconds(),
                first.measuredSeconds(), number(first.graceSeconds(), 0)));
        md.append("| events a second, sent | committed a second | commit to receipt p50 (ms) | p90 | p99 | max | "
                + "201 to receipt p50 (ms) | p99 | the write itself p50 (ms) | p99 |\n");
        md.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (WebhookDelivery.Latency l : result.latency()) {
            md.append("| ").append(l.perSecond()).append(" | ").append(number(l.committedPerSecond(), 1))
                    .append(" | **").append(ms(l.fromEventTimeMs(), "p50")).append("** | ")
                    .append(ms(l.fromEventTimeMs(), "p90")).append(" | **").append(ms(l.fromEventTimeMs(), "p99"))
                    .append("** | ").append(ms(l.fromEventTimeMs(), "max")).append(" | ")
                    .append(ms(l.fromAnswerMs(), "p50")).append(" | ").append(ms(l.fromAnswerMs(), "p99"))
                    .append(" | ").append(ms(l.writeMs(), "p50")).append(" | ").append(ms(l.writeMs(), "p99"))
                    .append(" |\n");
        }
        md.append('\n');
        md.append(String.format(Locale.ROOT, "Every event must arrive once. Per rate, the writes of the measured "
                + "window and their deliveries; the last column is the p50 from the envelope's `time` of the writes "
                + "sent in each %d s of the window, in order: flat when deliveries keep up, rising when they fall "
                + "behind.%n%n", WebhookDelivery.SLICE.toSeconds()));
        md.append("| events a second, sent | writes sent | answers | received | missing | more than once | "
                + "signature not verified | arrived before the 201 | p50 (ms) by " + WebhookDelivery.SLICE.toSeconds()
                + " s of the window |\n");
        md.append("|---:|---:|---|---:|---:|---:|---:|---:|---|\n");
        for (WebhookDelivery.Latency l : result.latency()) {
            md.append("| ").append(l.perSecond()).append(" | ").append(number(l.writesSent(), 0)).append(" | ")
                    .append(answers(l.writeStatuses())).append(" | ").append(number(l.received(), 0)).append(" | ")
                    .append(number(l.missing(), 0)).append(" | ").append(number(l.duplicates(), 0)).append(" | ")
                    .append(number(l.unverified(), 0)).append(" | ").append(number(l.beforeAnswer(), 0))
                    .append(" | ").append(l.p50BySlice().stream().map(v -> number(v, 0))
                            .collect(Collectors.joining(", "))).append(" |\n");
        }
        md.append('\n');
        md.append("DynamoDB calls the worker made per delivery at each rate (`enclave_dynamodb_calls_total` outside "
                + "any request, warm-up included, ÷ the rate's deliveries; *refused* is a condition that did not "
                + "hold):\n\n");
        for (WebhookDelivery.Latency l : result.latency()) {
            md.append("- ").append(l.perSecond()).append(" a second: ").append(counts(l.workerCallsPerDelivery(), 2))
                    .append('\n');
        }
        md.append('\n');
        md.append(String.format(Locale.ROOT, "Where the time goes. The instance that commits an event hands it out "
                + "at once, on one of its %d attempt threads: it reads the log's head and hand-out cursor "
                + "(BatchGetItem), the endpoints and the log's new events (Query), writes the deliveries and the "
                + "cursor's move in one transaction (TransactWriteItems) and takes the log off the due index "
                + "(UpdateItem); then, per delivery, it takes the delivery under a lease (a conditional UpdateItem), "
                + "reads the endpoint and its signing secrets (two GetItems), signs, posts, and records the attempt "
                + "(UpdateItem). Every call goes through the gateway to DynamoDB Local, on the same cores as the "
                + "writes. When events come faster than hand-outs, the next hand-out takes all that arrived (fewer "
                + "transactions per delivery at the higher rates). When the attempts fall behind, deliveries wait in "
                + "this instance's queue while still due on the index: each poll reads up to %d of them again and "
                + "queues them a second time, and those second takes are refused (*UpdateItem refused*; the head's "
                + "update, the only other conditional UpdateItem, is made about once per hand-out, and hand-outs "
                + "are no more than the TransactWriteItems) — work added just when the instance is behind.%n%n",
                result.attemptThreads(), WebhookDelivery.POLL_PAGE));

        md.append("### A backlog's drain\n\n");
        md.append(String.format(Locale.ROOT, "The receiver answers 503 while %,d services are created over %d "
                + "organisations by %d clients, each sending its next as soon as its last is answered; every "
                + "delivery's first attempt is made at once and fails. Several organisations, because an "
                + "organisation's writes take turns at its log head (each takes the next place with a conditional "
                + "update) and its hand-outs at its cursor: with one, the creation would measure one organisation's "
                + "turn-taking, not the drain. Then the receiver answers 204 and the whole backlog is due.%n%n",
                b.created(), b.organisations(), b.creators()));
        md.append(String.format(Locale.ROOT, "Making it due at once: the retry schedule waits 5 s after a first "
                + "failure and 5 min after a second (each a fifth more or less at random), so a backlog built over "
                + "minutes with a bare 503 would fall due spread over minutes, and the drain would measure the "
                + "schedule. So the 503 carries `Retry-After` with one HTTP date for every delivery (`%s`, a "
                + "receiver down for maintenance saying when it is back), which the product honours when it asks "
                + "for longer than the schedule: every delivery's second attempt is due at that instant, with no "
                + "setting and nothing added to the product. The date is set from the creation rate of a probe made "
                + "first the same way, %s services whose 503 asked for a date hours away (their deliveries stay "
                + "pending through the drain): %.0f a second; the date is the backlog's size ÷ %.2f of that rate + "
                + "%d s away, and creation would stop %d s before it, however far it had got. The receiver "
                + "turns to 204 half a second before it; times below are from the date.%n%n", b.retryAfter(), number(WebhookDelivery.PROBE_WRITES, 0),
                b.probePerSecond(), WebhookDelivery.RATE_MARGIN, WebhookDelivery.DUE_MARGIN.toSeconds(),
                WebhookDelivery.CREATION_STOPS_BEFORE_DUE.toSeconds()));
        md.append("| backlog | created in (s) | created a second | due after the last (s) | failed once before | "
                + "tried twice before | delivered | missing | more than once | first after due (s) | drained in (s) "
                + "| deliveries a second | a whole second of the drain |\n");
        md.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        md.append("| ").append(number(b.created(), 0)).append(" | ").append(number(b.createSeconds(), 0))
                .append(" | ").append(number(b.createdPerSecond(), 0)).append(" | ")
                .append(number(b.dueAfterCreationSeconds(), 0)).append(" | ").append(number(b.failedBeforeDue(), 0))
                .append(" | ").append(number(b.triedTwiceBeforeDue(), 0)).append(" | ")
                .append(number(b.delivered(), 0)).append(" | ").append(number(b.missing(), 0)).append(" | ")
                .append(number(b.duplicates(), 0)).append(" | ").append(number(b.firstSeconds(), 2)).append(" | ")
                .append(number(b.drainSeconds(), 1)).append(" | **").append(number(b.deliveriesPerSecond(), 0))
                .append("** | ").append(spread(b.perSecondSpread(), 0)).append(" |\n\n");
        md.append(String.format(Locale.ROOT, "*Deliveries a second* is the backlog ÷ the time from its due date to "
                + "the last arrival; *a whole second of the drain* is the deliveries that arrived in each whole second "
                + "after the date, the first and the last left out, median (min–max). Creation answers: %s. "
                + "Deliveries received without a verified signature: %,d.%n%n", answers(b.createStatuses()),
                b.unverified()));
        md.append(String.format(Locale.ROOT, "Over the drain the application counted these attempts "
                + "(`enclave_webhooks_attempts_total`): %s; and made these DynamoDB calls per delivery "
                + "(`enclave_dynamodb_calls_total` outside any request, by operation and outcome): %s.%n%n",
                counts(b.attempts(), 0), counts(b.workerCallsPerDelivery(), 2)));
        double bound = WebhookDelivery.POLL_PAGE / result.pollIntervalSeconds();
        md.append(String.format(Locale.ROOT, "What limits it: one instance, and its poll. Each poll reads at most %d "
                + "due deliveries off the index, and the next starts %s s after it ends, so the index hands one "
                + "instance at most about %.0f deliveries a second whatever its threads could do; the drain ran at "
                + "%.0f%% of that, %s. More instances add their polls and threads (each delivery is taken with a "
                + "conditional write, so they never both send it), and a shorter `enclave.webhooks.poll-interval` "
                + "reads the index more often; neither was measured here.%n%n", WebhookDelivery.POLL_PAGE,
                number(result.pollIntervalSeconds(), 0), bound, b.deliveriesPerSecond() / bound * 100,
                b.deliveriesPerSecond() >= POLL_BOUND_SHARE * bound
                        ? "so the poll, not the " + result.attemptThreads() + " attempt threads, set the pace"
                        : "so the " + result.attemptThreads() + " attempt threads (each attempt four DynamoDB calls "
                                + "in turn, through the gateway to DynamoDB Local on the shared cores) set the pace"));
        return md.toString();
    }

    /** {@code "p50 / p99 ms"} of latencies. */
    static String p50AndP99(Map<String, Double> ms) {
        return ms.isEmpty() ? "none received" : number(ms.get("p50"), 0) + " / " + number(ms.get("p99"), 0) + " ms";
    }

    private static String ms(Map<String, Double> ms, String quantile) {
        return ms.isEmpty() ? "–" : number(ms.get(quantile), 0);
    }

    private static String answers(Map<Integer, Long> statuses) {
        List<String> parts = statuses.entrySet().stream().map(e -> number(e.getValue(), 0) + " × "
                + (e.getKey() == 0 ? "no answer" : e.getKey())).toList();
        return parts.isEmpty() ? "none" : String.join(", ", parts);
    }

    private static String counts(Map<String, Double> counts, int decimals) {
        return counts.isEmpty() ? "none" : counts.entrySet().stream().map(e -> e.getKey() + " "
                + number(e.getValue(), decimals)).collect(Collectors.joining(", "));
    }
}
