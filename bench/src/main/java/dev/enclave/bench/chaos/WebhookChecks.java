package dev.enclave.bench.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * After the run, what the {@link FlakyWebhookReceiver} got against the feed of each organisation that survived it.
 * First waits until every event an endpoint must be sent has been taken (received and not answered 500) and nothing has
 * come for {@link #QUIET} (at most {@link #DRAIN_TIMEOUT}): an attempt a kill cut off is made again once its lease
 * ends. Then every event of the feed from the endpoint's creation on (its {@code webhook_endpoint.created}), of the
 * types it asked for, must have been taken at least once, and nothing may have come to it that its organisation's
 * feed does not hold or that is of a type it did not ask for. An event taken more than once is allowed (at least
 * once) and counted: after a kill when one came between its first taking and the next request; otherwise an attempt
 * whose result was not recorded for another reason (a DynamoDB fault), its lease left to end.
 */
final class WebhookChecks {

    private static final Duration QUIET = Duration.ofSeconds(5);
    private static final Duration DRAIN_TIMEOUT = Duration.ofMinutes(3);

    /** What the checks found (one line each; empty when nothing was lost) and what the receiver got. */
    record Outcome(List<String> findings, long endpointsAdded, long endpointsChecked, long eventsExpected,
                   long requests, long requestsNotChecked, long failingAnswers, long slowAnswers, long heldAnswers,
                   long inFlightAtKill, long inFlightAtKillChecked,
                   long retriedAfterFailing, long duplicates, long duplicatesAfterKill, Duration drained,
                   Duration lastAfterLoad, ServerLog log) {
    }

    /** The deliveries' worker's warnings in the server log (every start appends to it). */
    record ServerLog(long attemptsCutShort, long leasesOutlived, long handOutsFailed) {

        static ServerLog read(Path serverLog) throws IOException {
            List<String> lines = Files.readAllLines(serverLog);
            return new ServerLog(count(lines, "webhook attempt failed tenant="), count(lines,
                    "webhook attempt outlived its lease"), count(lines, "webhook hand-out failed"));
        }

        private static long count(List<String> lines, String text) {
            return lines.stream().filter(line -> line.contains(text)).count();
        }
    }

    /** What one endpoint must have been sent: each event by id, and every id its organisation's feed holds. */
    private record Expected(TrackedOrganisation organisation, Map<String, JsonNode> events, Set<String> feed) {
    }

    private final OrganisationReadsOverHttp reads;
    private final FlakyWebhookReceiver receiver;
    private final List<Long> killedAt;
    private final List<String> findings = new ArrayList<>();

    WebhookChecks(Client client, FlakyWebhookReceiver receiver, List<Long> killedAt) {
        this.reads = new OrganisationReadsOverHttp(client);
        this.receiver = receiver;
        this.killedAt = List.copyOf(killedAt);
    }

    Outcome check(List<TrackedOrganisation> organisations, Map<String, String> tokens, long loadEndNanos,
                  Path serverLog) throws InterruptedException, IOException {
        Map<String, Expected> byPath = new LinkedHashMap<>();
        survivors(organisations).forEach(organisation -> expected(organisation, tokens.get(organisation.owner))
                .ifPresent(expected -> byPath.put(organisation.endpointPath, expected)));
        Duration drained = awaitDeliveries(byPath);
        List<FlakyWebhookReceiver.Receipt> receipts = receiver.receipts();
        receipts.sort(Comparator.comparingLong(FlakyWebhookReceiver.Receipt::receivedNanos));
        Map<String, List<FlakyWebhookReceiver.Receipt>> byEvent = receipts.stream().collect(Collectors.groupingBy(
                FlakyWebhookReceiver.Receipt::event, LinkedHashMap::new, Collectors.toList()));
        byPath.forEach((path, expected) -> checkEndpoint(path, expected, byEvent));
        long duplicates = 0;
        long afterKill = 0;
        long retried = 0;
        for (List<FlakyWebhookReceiver.Receipt> requests : byEvent.values()) {
            List<FlakyWebhookReceiver.Receipt> taken = requests.stream().filter(FlakyWebhookReceiver.Receipt::taken)
                    .toList();
            if (taken.size() > 1) {
                duplicates++;
                afterKill += killBetween(taken.get(0).receivedNanos(), taken.get(1).receivedNanos()) ? 1 : 0;
            }
            if (!taken.isEmpty() && requests.get(0).status() == 500) {
                retried++;
            }
        }
        return new Outcome(List.copyOf(findings), organisations.stream().filter(o -> o.endpoint != null).count(),
                byPath.size(), byPath.values().stream().mapToLong(e -> e.events().size()).sum(), receipts.size(),
                receipts.stream().filter(r -> !byPath.containsKey(r.path())).count(),
                receipts.stream().filter(r -> r.status() == 500).count(), receiver.slowAnswers(),
                receiver.heldAnswers(),
                receipts.stream().filter(this::cutOffByKill).count(), receipts.stream().filter(r -> byPath.containsKey(
                        r.path()) && cutOffByKill(r)).count(), retried,
                duplicates, afterKill, drained, Duration.ofNanos(Math.max(0, receiver.lastReceivedNanos()
                        - loadEndNanos)), ServerLog.read(serverLog));
    }

    /** The last incarnation of each id, if it was created (201), never deleted, and has an endpoint. */
    private static List<TrackedOrganisation> survivors(List<TrackedOrganisation> organisations) {
        Map<String, TrackedOrganisation> last = new LinkedHashMap<>();
        organisations.stream().filter(o -> o.attempted && o.created != Fact.ABSENT).forEach(o -> last.put(o.id, o));
        return last.values().stream().filter(o -> o.created == Fact.PRESENT && o.deleted == Fact.ABSENT
                && o.endpoint != null).toList();
    }

    /** The events of the feed from the endpoint's {@code webhook_endpoint.created} on, of the types it asked for. */
    private Optional<Expected> expected(TrackedOrganisation organisation, String token) {
        String at = organisation.id + " (incarnation " + organisation.incarnation + ")";
        Optional<List<JsonNode>> feed = reads.feed(organisation.id, token);
        if (feed.isEmpty()) {
            findings.add(at + ": its feed could not be read to check its webhook deliveries");
            return Optional.empty();
        }
        int from = -1;
        for (int i = 0; i < feed.get().size() && from < 0; i++) {
            JsonNode event = feed.get().get(i);
            if (event.get("type").asText().equals("webhook_endpoint.created")
                    && event.get("data").get("targets").get(0).get("id").asText().equals(organisation.endpoint)) {
                from = i;
            }
        }
        if (from < 0) {
            findings.add(at + ": no webhook_endpoint.created of its endpoint " + organisation.endpoint + " in its "
                    + "feed");
            return Optional.empty();
        }
        Map<String, JsonNode> events = new LinkedHashMap<>();
        feed.get().subList(from, feed.get().size()).stream().filter(event -> organisation.endpointTypes.isEmpty()
                || organisation.endpointTypes.contains(event.get("type").asText()))
                .forEach(event -> events.put(event.get("id").asText(), event));
        Set<String> ids = new HashSet<>();
        feed.get().forEach(event -> ids.add(event.get("id").asText()));
        return Optional.of(new Expected(organisation, events, ids));
    }

    /** Waits until every expected event was taken and nothing came for {@link #QUIET}; returns the wait. */
    private Duration awaitDeliveries(Map<String, Expected> byPath) throws InterruptedException {
        long start = System.nanoTime();
        while (System.nanoTime() - start < DRAIN_TIMEOUT.toNanos()) {
            boolean quiet = System.nanoTime() - receiver.lastReceivedNanos() >= QUIET.toNanos();
            if (quiet && allTaken(byPath)) {
                break;
            }
            Thread.sleep(500);
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    private boolean allTaken(Map<String, Expected> byPath) {
        Set<String> taken = receiver.receipts().stream().filter(FlakyWebhookReceiver.Receipt::taken)
                .map(FlakyWebhookReceiver.Receipt::event).collect(Collectors.toSet());
        return byPath.entrySet().stream().allMatch(entry -> entry.getValue().events().keySet().stream()
                .allMatch(id -> taken.contains(entry.getKey() + " " + id)));
    }

    private void checkEndpoint(String path, Expected expected,
                               Map<String, List<FlakyWebhookReceiver.Receipt>> byEvent) {
        TrackedOrganisation organisation = expected.organisation();
        String at = organisation.id + " (incarnation " + organisation.incarnation + ")";
        expected.events().forEach((id, event) -> {
            List<FlakyWebhookReceiver.Receipt> requests = byEvent.getOrDefault(path + " " + id, List.of());
            if (requests.stream().noneMatch(FlakyWebhookReceiver.Receipt::taken)) {
                findings.add(at + ": event " + event.get("sequence").asLong() + " (" + event.get("type").asText()
                        + " " + id + ") never delivered: " + requests.size() + " requests, answered "
                        + requests.stream().map(r -> Integer.toString(r.status())).toList());
            }
        });
        byEvent.values().stream().map(requests -> requests.get(0)).filter(first -> first.path().equals(path))
                .forEach(first -> {
                    if (!expected.feed().contains(first.eventId())) {
                        findings.add(at + ": received " + first.type() + " " + first.eventId() + ", which its feed "
                                + "does not hold");
                    } else if (!organisation.endpointTypes.isEmpty()
                            && !organisation.endpointTypes.contains(first.type())) {
                        findings.add(at + ": received " + first.type() + " " + first.eventId() + ", a type its "
                                + "endpoint did not ask for");
                    }
                });
    }

    private boolean cutOffByKill(FlakyWebhookReceiver.Receipt receipt) {
        return killBetween(receipt.receivedNanos(), receipt.answeredNanos());
    }

    private boolean killBetween(long fromNanos, long toNanos) {
        return killedAt.stream().anyMatch(kill -> kill > fromNanos && kill < toNanos);
    }
}
