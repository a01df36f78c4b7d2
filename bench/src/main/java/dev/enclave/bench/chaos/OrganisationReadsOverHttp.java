package dev.enclave.bench.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What an organisation shows through the API, read as one of its admins: its members, invitations, services, API
 * keys, a member's access to a service group and its event feed; empty when a read was not answered 200 (a fault, a
 * kill). And the check both the workers and the verifier make: nothing listed that this incarnation did not write.
 */
final class OrganisationReadsOverHttp {

    private static final List<String> INVITATION_STATUSES = List.of("pending", "accepted", "declined", "revoked",
            "superseded", "expired");

    private final Client client;

    OrganisationReadsOverHttp(Client client) {
        this.client = client;
    }

    Optional<Set<String>> members(String org, String token) {
        return paged("/v1/orgs/" + org + "/members?limit=100", token, item -> item.get("userId").asText());
    }

    /** The invitees' addresses, of invitations of every status. */
    Optional<Set<String>> invitationEmails(String org, String token) {
        Set<String> emails = new HashSet<>();
        for (String status : INVITATION_STATUSES) {
            Optional<Set<String>> page = paged("/v1/orgs/" + org + "/invitations?limit=100&status=" + status, token,
                    item -> item.get("email").asText());
            if (page.isEmpty()) {
                return Optional.empty();
            }
            emails.addAll(page.get());
        }
        return Optional.of(emails);
    }

    Optional<Set<String>> services(String org, String token) {
        return paged("/v1/orgs/" + org + "/services", token, item -> item.get("id").asText());
    }

    Optional<Set<String>> apiKeyNames(String org, String token) {
        return paged("/v1/orgs/" + org + "/api-keys", token, item -> item.get("name").asText());
    }

    /** Its event feed, every page, oldest first. */
    Optional<List<JsonNode>> feed(String org, String token) {
        List<JsonNode> events = new ArrayList<>();
        String cursor = null;
        while (true) {
            Client.Reply reply = client.get("/v1/orgs/" + org + "/events?limit=100" + (cursor == null ? ""
                    : "&after=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8)), token);
            if (!reply.is(200)) {
                return Optional.empty();
            }
            JsonNode page = reply.json();
            if (page.get("items").isEmpty()) {
                return Optional.of(events);
            }
            page.get("items").forEach(events::add);
            cursor = page.get("cursor").asText();
        }
    }

    /** Whether {@code user} is in {@code serviceGroup} ({@code service/group}), as the access check answers. */
    Optional<Boolean> allowed(String org, String user, String serviceGroup, String token) {
        String[] parts = serviceGroup.split("/");
        Client.Reply reply = client.get("/v1/orgs/" + org + "/members/" + user + "/access?service=" + parts[0]
                + "&group=" + parts[1], token);
        return reply.is(200) ? Optional.of(reply.json().get("allowed").asBoolean()) : Optional.empty();
    }

    /**
     * What {@code organisation} lists that it never wrote (a member, an invitation, a service, an API key): an item
     * of an earlier incarnation of its id, or from nowhere. One line each; a list that could not be read is one line
     * too when {@code unreadIsFinding}, else skipped.
     */
    List<String> strangers(TrackedOrganisation organisation, String token, boolean unreadIsFinding) {
        List<String> findings = new ArrayList<>();
        String at = organisation.id + " (incarnation " + organisation.incarnation + ")";
        strangers(findings, at, "member", members(organisation.id, token), organisation.invited, unreadIsFinding);
        strangers(findings, at, "invitation for", invitationEmails(organisation.id, token),
                organisation.invited.stream().map(user -> user + "@chaos.example").collect(Collectors.toSet()),
                unreadIsFinding);
        strangers(findings, at, "service", services(organisation.id, token), organisation.services.keySet(),
                unreadIsFinding);
        strangers(findings, at, "API key", apiKeyNames(organisation.id, token), organisation.apiKeys.keySet(),
                unreadIsFinding);
        return findings;
    }

    private static void strangers(List<String> findings, String at, String what, Optional<Set<String>> listed,
                                  Set<String> written, boolean unreadIsFinding) {
        if (listed.isEmpty()) {
            if (unreadIsFinding) {
                findings.add(at + ": the list holding each " + what + " could not be read");
            }
            return;
        }
        listed.get().stream().filter(item -> !written.contains(item)).sorted()
                .forEach(item -> findings.add(at + ": lists " + what + " " + item + ", which it never wrote"));
    }

    private Optional<Set<String>> paged(String path, String token, Function<JsonNode, String> value) {
        Set<String> values = new HashSet<>();
        String cursor = null;
        do {
            Client.Reply reply = client.get(path + (cursor == null ? "" : (path.contains("?") ? "&" : "?")
                    + "cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8)), token);
            if (!reply.is(200)) {
                return Optional.empty();
            }
            JsonNode page = reply.json();
            page.get("items").forEach(item -> values.add(value.apply(item)));
            cursor = page.hasNonNull("nextCursor") ? page.get("nextCursor").asText() : null;
        } while (cursor != null);
        return Optional.of(values);
    }
}
