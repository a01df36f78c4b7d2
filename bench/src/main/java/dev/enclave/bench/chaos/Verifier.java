package dev.enclave.bench.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** After the run: every acknowledged write must be there, every acknowledged removal or deletion must hold. */
final class Verifier {

    private final Client client;

    Verifier(Client client) {
        this.client = client;
    }

    /** What is missing or wrong, one line each; empty when every acknowledged write holds. */
    List<String> check(List<TrackedOrganisation> organisations, Map<String, String> tokens) {
        List<String> findings = new ArrayList<>();
        for (TrackedOrganisation organisation : organisations) {
            if (organisation.created != Fact.PRESENT || organisation.deleted == Fact.UNKNOWN) {
                continue;
            }
            String token = tokens.get(organisation.owner);
            Client.Reply read = client.get("/v1/orgs/" + organisation.id, token);
            if (organisation.deleted == Fact.PRESENT) {
                expect(findings, read.is(404), organisation.id + ": deleted (204) but answers " + read.status());
                continue;
            }
            if (!read.is(200)) {
                findings.add(organisation.id + ": created (201) but answers " + read.status());
                continue;
            }
            String name = read.json().get("name").asText();
            expect(findings, organisation.acceptableNames.contains(name), organisation.id + ": name '" + name
                    + "', acknowledged or attempted since: " + organisation.acceptableNames);
            checkMembers(findings, organisation, token);
        }
        return findings;
    }

    private void checkMembers(List<String> findings, TrackedOrganisation organisation, String token) {
        Set<String> listed = members(organisation.id, token);
        organisation.members.forEach((user, fact) -> {
            if (fact == Fact.PRESENT) {
                expect(findings, listed.contains(user), organisation.id + ": " + user + " joined (200) but is missing");
            } else if (fact == Fact.ABSENT) {
                expect(findings, !listed.contains(user), organisation.id + ": " + user + " removed (204) but listed");
            }
        });
    }

    private Set<String> members(String organisation, String token) {
        Set<String> users = new HashSet<>();
        String cursor = null;
        do {
            String path = "/v1/orgs/" + organisation + "/members?limit=100"
                    + (cursor == null ? "" : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8));
            JsonNode page = client.get(path, token).json();
            page.get("items").forEach(item -> users.add(item.get("userId").asText()));
            cursor = page.hasNonNull("nextCursor") ? page.get("nextCursor").asText() : null;
        } while (cursor != null);
        return users;
    }

    private static void expect(List<String> findings, boolean holds, String finding) {
        if (!holds) {
            findings.add(finding);
        }
    }
}
