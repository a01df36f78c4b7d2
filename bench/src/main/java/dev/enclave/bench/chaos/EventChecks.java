package dev.enclave.bench.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An organisation's feed against what the run knows of it: every acknowledged write has its event once, no event
 * names a write that was never sent, and the places run 1, 2, 3, ... without a hole.
 */
final class EventChecks {

    private final OrganisationReadsOverHttp reads;

    EventChecks(OrganisationReadsOverHttp reads) {
        this.reads = reads;
    }

    /** The findings for {@code organisation}, read through its owner's {@code token}; and how many events were read. */
    long check(TrackedOrganisation organisation, String token, List<String> findings) {
        Optional<List<JsonNode>> feed = reads.feed(organisation.id, token);
        if (feed.isEmpty()) {
            findings.add(organisation.id + ": its event feed could not be read");
            return 0;
        }
        List<JsonNode> events = feed.get();
        for (int i = 0; i < events.size(); i++) {
            long place = events.get(i).get("sequence").asLong();
            if (place != i + 1) {
                findings.add(organisation.id + ": event " + (i + 1) + " of the feed is at place " + place);
                break;
            }
        }
        Map<String, Integer> created = count(events, "service.created", 0);
        organisation.services.forEach((service, fact) -> {
            int times = created.getOrDefault(service, 0);
            if (fact == Fact.PRESENT && times != 1) {
                findings.add(organisation.id + ": service " + service + " created (201), " + times + " events");
            }
        });
        created.keySet().stream().filter(service -> !organisation.services.containsKey(service)).forEach(service ->
                findings.add(organisation.id + ": service.created of " + service + ", never sent"));
        Map<String, Integer> added = count(events, "member.added", 0);
        organisation.members.forEach((user, fact) -> {
            if (fact != Fact.UNKNOWN && added.getOrDefault(user, 0) != 1) {
                findings.add(organisation.id + ": " + user + " joined (acknowledged), " + added.getOrDefault(user, 0)
                        + " member.added events");
            }
        });
        added.keySet().stream().filter(user -> !organisation.invited.contains(user)).forEach(user ->
                findings.add(organisation.id + ": member.added of " + user + ", never invited"));
        Map<String, Integer> keys = names(events, "api_key.created");
        organisation.apiKeys.forEach((name, fact) -> {
            if (fact == Fact.PRESENT && keys.getOrDefault(name, 0) != 1) {
                findings.add(organisation.id + ": API key " + name + " created (201), " + keys.getOrDefault(name, 0)
                        + " events");
            }
        });
        Map<String, Integer> grants = grants(events);
        organisation.grants.forEach((user, groups) -> groups.forEach((group, fact) -> {
            if (fact == Fact.PRESENT && grants.getOrDefault(user + " " + group, 0) < 1) {
                findings.add(organisation.id + ": " + user + " granted " + group + " (204), no event");
            }
        }));
        return events.size();
    }

    /** How many events of {@code type} name each target id (the target at {@code index}). */
    private static Map<String, Integer> count(List<JsonNode> events, String type, int index) {
        Map<String, Integer> counts = new HashMap<>();
        events.stream().filter(event -> event.get("type").asText().equals(type)).forEach(event -> counts.merge(
                event.get("data").get("targets").get(index).get("id").asText(), 1, Integer::sum));
        return counts;
    }

    private static Map<String, Integer> names(List<JsonNode> events, String type) {
        Map<String, Integer> counts = new HashMap<>();
        events.stream().filter(event -> event.get("type").asText().equals(type)).forEach(event -> counts.merge(
                event.get("data").get("changes").get("name").asText(), 1, Integer::sum));
        return counts;
    }

    /** Service-group joins by {@code user service/group}. */
    private static Map<String, Integer> grants(List<JsonNode> events) {
        Map<String, Integer> counts = new HashMap<>();
        events.stream().filter(event -> event.get("type").asText().equals("service_group.member_added"))
                .forEach(event -> {
                    JsonNode data = event.get("data");
                    String service = data.get("targets").get(0).get("id").asText();
                    String user = data.get("targets").get(1).get("id").asText();
                    counts.merge(user + " " + service + "/" + data.get("changes").get("group").asText(), 1,
                            Integer::sum);
                });
        return counts;
    }
}
