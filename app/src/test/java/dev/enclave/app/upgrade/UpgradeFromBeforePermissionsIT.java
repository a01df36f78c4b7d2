package dev.enclave.app.upgrade;

import static dev.enclave.app.support.PermissionAnswers.ids;
import static dev.enclave.app.support.PermissionAnswers.sources;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.infra.consistency.ConsistencyCheck;
import dev.enclave.app.infra.consistency.ServiceGroupRecordsRepair;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Issue 27's upgrade test: a table the code before permissions and profiles wrote ({@link TableBeforePermissions})
 * is served by today's code, which runs the workflow suite on it through the HTTP API. Old memberships have no
 * profile copy and no organisation has a custom group definitions item; nothing is migrated first.
 *
 * <p>The scenarios run in order on the one table, each going on from where the one before left it; the last one
 * checks the table clean. The fixture's pending invitations were sent for 30 days (the most allowed) on the day it
 * was generated: the one accepted with its saved token is accepted while it is valid and refused as expired after,
 * each asserted; the one that grants groups is resent first, so that path is tested whatever the date.
 */
@MicronautTest(environments = "local")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class UpgradeFromBeforePermissionsIT extends LocalStackTest {

    private static final TableBeforePermissions OLD = TableBeforePermissions.read();
    private static final JsonNode SAVED = OLD.generated();
    private static final String ACME = "/v1/orgs/acme";
    /** The events the old code recorded in acme, places 1 to 40. */
    private static final long OLD_ACME_EVENTS = 40;

    @Override
    protected Map<String, String> settings() {
        return Map.of("enclave.idempotency.sealing-keys", SAVED.get("sealingKey").asText());
    }

    @BeforeAll
    void theOldTable() {
        OLD.writeInto(platform, tableName);
        indexesCaughtUp();
    }

    @Test
    @Order(1)
    void theOldTable_asLoaded_isEveryItemAsWritten_andChecksClean() {
        assertThat(scan()).containsExactlyInAnyOrderElementsOf(OLD.items());

        Run check = check();

        assertThat(check.status()).as(check.output()).isEqualTo(ConsistencyCheck.CLEAN);
        assertThat(ServiceGroupRecordsRepair.repair(platform, tableName).repaired())
                .as("the service groups' records the old code wrote are exact").isZero();
    }

    @Test
    @Order(2)
    void organisationsAndMemberLists_readAsBefore_withoutProfilesOrGroupDefinitions() {
        JsonNode acme = api().get(ACME, user("dan")).json();
        assertThat(acme.get("name").asText()).isEqualTo("Acme Corporation");
        assertThat(acme.get("members").asInt()).isEqualTo(6);

        JsonNode members = api().get(ACME + "/members?limit=100", user("dan")).json();

        assertThat(members.get("total").asInt()).isEqualTo(6);
        assertThat(groupsById(members)).isEqualTo(Map.of("ada", List.of("member", "owner"),
                "bert", List.of("admin", "member"), "cleo", List.of("billing", "member"),
                "dan", List.of("member", "qa"), "erin", List.of("billing", "member", "support"),
                "gina", List.of("member", "owner")));
        members.get("items").forEach(member -> assertThat(member.has("name")).as("no profile copy yet").isFalse());
        assertThat(api().get(ACME + "/members/cleo", user("bert")).json().get("email").asText())
                .isEqualTo("cleo@example.com");
        assertThat(ids(api().get(ACME + "/groups", user("dan")).json()))
                .as("the built-in groups, stored nowhere; no custom group yet").containsExactly("owner", "admin", "member");
        assertThat(namesByOrganisation(api().get("/v1/me/orgs", user("bert")).json()))
                .isEqualTo(Map.of("acme", "Acme Corporation", "globex", "Globex"));
        assertThat(groupsById(api().get("/v1/orgs/globex/members", user("bert")).json()))
                .as("after the old ownership transfer").containsEntry("lou", List.of("admin", "member", "owner"))
                .containsEntry("gina", List.of("member"));
        assertThat(api().get("/v1/orgs/umbrella", user("dan")).status()).as("deleted before the upgrade")
                .isEqualTo(404);
    }

    @Test
    @Order(3)
    void theBuiltInGroups_decideAsBefore_andThePermissionReadsAnswerTheirSets() {
        assertThat(api().post(ACME + "/invitations", "{\"email\":\"nora@example.com\"}", user("bert")).status())
                .as("an old admin invites").isEqualTo(201);
        assertThat(api().post(ACME + "/invitations", "{\"email\":\"olga@example.com\"}", user("dan")).status())
                .as("an old member does not").isEqualTo(403);
        assertThat(api().post(ACME + "/credentials", "{\"access\":\"read\"}", user("bert")).status()).isEqualTo(200);
        assertThat(api().post(ACME + "/credentials", "{\"access\":\"read\"}", user("dan")).status()).isEqualTo(403);
        assertThat(api().get("/v1/orgs/globex/webhooks", user("gina")).status())
                .as("gave away ownership before the upgrade").isEqualTo(403);
        assertThat(api().get("/v1/orgs/globex/webhooks", user("lou")).status()).isEqualTo(200);

        JsonNode bert = api().get(ACME + "/members/bert/permissions", user("dan")).json();
        JsonNode dan = api().get(ACME + "/members/dan/permissions", user("bert")).json();
        JsonNode ada = api().get("/v1/me/orgs/acme/permissions", user("ada")).json();

        assertThat(bert.get("everything").asBoolean()).isFalse();
        assertThat(sources(bert, "members:manage")).containsExactly("admin");
        assertThat(sources(bert, "org:delete")).isEmpty();
        assertThat(sources(dan, "members:read")).containsExactly("member");
        assertThat(sources(dan, "members:manage")).isEmpty();
        assertThat(ada.get("everything").asBoolean()).isTrue();
        assertThat(checks("acme", user("gina"), "bert members:manage", "dan members:manage", "ada invoices:approve",
                "gina org:delete", "bert org:delete", "fay org:read", "cleo org:read"))
                .containsExactly(true, false, true, true, false, false, true);
        assertThat(api().get(ACME, user("fay")).status()).as("removed before the upgrade").isEqualTo(404);
    }

    @Test
    @Order(4)
    void aFreeNamedGroup_givesNothing_untilAnOwnerDefinesIt_thenItsHoldersHaveItsPermissions() {
        assertThat(checks("acme", user("ada"), "cleo invoices:approve", "erin invoices:approve"))
                .containsExactly(false, false);
        assertThat(sources(api().get(ACME + "/members/cleo/permissions", user("ada")).json(), "invoices:approve"))
                .isEmpty();

        Api.Reply defined = api().post(ACME + "/groups", "{\"id\":\"billing\",\"description\":\"Approves invoices\","
                + "\"permissions\":[\"invoices:approve\"]}", user("ada"));

        assertThat(defined.status()).as(defined.body()).isEqualTo(201);
        assertThat(ids(api().get(ACME + "/groups", user("dan")).json()))
                .containsExactly("owner", "admin", "member", "billing");
        assertThat(checks("acme", user("bert"), "cleo invoices:approve", "erin invoices:approve",
                "dan invoices:approve", "bert invoices:approve")).containsExactly(true, true, false, false);
        assertThat(sources(api().get("/v1/me/orgs/acme/permissions", user("cleo")).json(), "invoices:approve"))
                .containsExactly("billing");
        assertThat(checks("globex", user("cleo"), "cleo invoices:approve"))
                .as("a group is defined for one organisation").containsExactly(false);
        assertThat(delete(ACME + "/groups/billing", user("ada")).status()).as("held by cleo and erin")
                .isEqualTo(409);
    }

    @Test
    @Order(5)
    void theSavedInvitations_areAcceptedResentAndRevoked_onTheNewCode() {
        JsonNode revoked = SAVED.get("revoked");
        Api.Reply afterRevoke = accept(revoked.get("token").asText(), "jack");
        assertThat(afterRevoke.status()).isEqualTo(409);
        assertThat(afterRevoke.json().get("code").asText()).isEqualTo("invitation-not-pending");
        assertThat(pendingEmails("acme")).contains("hana@example.com", "ivan@example.com");

        JsonNode plain = SAVED.get("pendingPlain");
        Api.Reply ivan = accept(plain.get("token").asText(), "ivan");
        if (Instant.now().isBefore(Instant.parse(plain.get("expiresAt").asText()))) {
            assertThat(ivan.status()).as(ivan.body()).isEqualTo(200);
            assertThat(ivan.json().get("groups")).extracting(JsonNode::asText).containsExactly("member");
        } else {
            assertThat(ivan.status()).as("expired since the fixture was made: " + ivan.body()).isEqualTo(410);
            assertThat(ivan.json().get("code").asText()).isEqualTo("invitation-expired");
        }

        JsonNode withGroups = SAVED.get("pendingWithGroups");
        Api.Reply resent = api().post(ACME + "/invitations/" + withGroups.get("id").asText() + "/resend", "",
                user("ada"));
        assertThat(resent.status()).as(resent.body()).isEqualTo(200);
        Api.Reply hana = accept(resent.json().get("token").asText(), "hana");
        assertThat(hana.status()).as(hana.body()).isEqualTo(200);
        assertThat(api().get(ACME + "/members/hana", user("dan")).json().get("groups")).extracting(JsonNode::asText)
                .containsExactly("billing", "member");
        assertThat(api().get(ACME + "/services/reports/groups/viewers/members", user("dan")).json().get("items"))
                .extracting(JsonNode::asText).contains("hana");
        assertThat(checks("acme", user("hana"), "invoices:approve")).containsExactly(true);

        JsonNode owner = SAVED.get("pendingOwnerInvitation");
        assertThat(api().post("/v1/orgs/initech/invitations/" + owner.get("id").asText() + "/revoke", "",
                user("ada")).status()).isEqualTo(204);
        assertThat(accept(owner.get("token").asText(), "ivan").status()).isEqualTo(409);
        assertThat(api().get("/v1/orgs/initech/members", user("ada")).json().get("total").asInt()).isEqualTo(1);
    }

    @Test
    @Order(6)
    void oldMemberships_areGrantedTakenAndRemoved() {
        assertThat(put(ACME + "/members/dan/groups/admin", user("bert")).status()).isEqualTo(200);
        assertThat(api().post(ACME + "/invitations", "{\"email\":\"pia@example.com\"}", user("dan")).status())
                .isEqualTo(201);
        assertThat(delete(ACME + "/members/dan/groups/admin", user("ada")).status()).isEqualTo(200);
        assertThat(delete(ACME + "/members/dan/groups/qa", user("bert")).status()).isEqualTo(200);
        assertThat(api().post(ACME + "/invitations", "{\"email\":\"pia@example.com\"}", user("dan")).status())
                .isEqualTo(403);
        assertThat(delete(ACME + "/members/gina/groups/owner", user("ada")).status())
                .as("one of the two old owners").isEqualTo(200);
        Api.Reply lastOwner = delete(ACME + "/members/ada/groups/owner", user("ada"));
        assertThat(lastOwner.status()).isEqualTo(409);
        assertThat(lastOwner.json().get("code").asText()).isEqualTo("last-owner");

        assertThat(delete(ACME + "/members/erin", user("bert")).status()).isEqualTo(204);

        assertThat(api().get(ACME + "/members/erin", user("bert")).status()).isEqualTo(404);
        assertThat(api().get(ACME + "/services/payroll/groups/admins/members", user("bert")).json().get("items"))
                .as("a removed member's service groups go with them").isEmpty();
        assertThat(api().get(ACME + "/members/dan", user("dan")).json().get("groups")).extracting(JsonNode::asText)
                .containsExactly("member");
    }

    @Test
    @Order(7)
    void servicesAndAccessChecks_answerAsBefore() {
        assertThat(api().get(ACME + "/services", user("dan")).json().get("items")).extracting(s -> s.get("id").asText())
                .containsExactlyInAnyOrder("payroll", "reports");
        assertThat(api().get(ACME + "/members/cleo/access?service=reports&group=viewers", user("dan")).json()
                .get("allowed").asBoolean()).isTrue();
        assertThat(api().get(ACME + "/members/bert/access?service=reports&group=viewers", user("dan")).json()
                .get("allowed").asBoolean()).isFalse();
        assertThat(api().get("/v1/orgs/globex/services/crm/groups/agents/members", user("bert")).json().get("items"))
                .extracting(JsonNode::asText).containsExactly("bert");

        assertThat(put(ACME + "/services/reports/groups/editors/members/cleo", user("bert")).status()).isEqualTo(204);
        assertThat(delete(ACME + "/services/reports/groups/viewers/members/dan", user("bert")).status())
                .isEqualTo(204);

        assertThat(api().get(ACME + "/members/cleo/access?service=reports&group=editors", user("dan")).json()
                .get("allowed").asBoolean()).isTrue();
        assertThat(api().get(ACME + "/members/dan/access?service=reports&group=viewers", user("dan")).json()
                .get("allowed").asBoolean()).isFalse();

        assertThat(api().send(api().request(ACME + "/services/reports/groups/viewers", user("ada"))
                .header("Content-Type", "application/json")
                .PUT(java.net.http.HttpRequest.BodyPublishers.ofString("{\"permissions\":[\"reports:export\"]}")))
                .status()).as("an old service's group given a permission by an owner").isEqualTo(200);
        assertThat(api().post(ACME + "/permissions/check", "{\"checks\":[{\"userId\":\"dan\",\"permission\":"
                + "\"reports:export\",\"service\":\"reports\"}]}", user("ada")).json().get("results").get(0)
                .get("allowed").asBoolean()).as("dan left viewers").isFalse();
        assertThat(api().post(ACME + "/permissions/check", "{\"checks\":[{\"userId\":\"cleo\",\"permission\":"
                + "\"reports:export\",\"service\":\"reports\"}]}", user("ada")).json().get("results").get(0)
                .get("allowed").asBoolean()).as("cleo's old assignment carries it").isTrue();
    }

    @Test
    @Order(8)
    void renamingAnOldOrganisation_reachesEveryMembersList() {
        String etag = api().get(ACME, user("ada")).header("ETag");

        Api.Reply renamed = patch(ACME, "{\"name\":\"Acme Inc\"}", user("bert"), etag);

        assertThat(renamed.status()).as(renamed.body()).isEqualTo(200);
        waitUntil(() -> api().get(ACME, user("ada")).json().get("jobs").isEmpty(), "the rename's copies");
        indexesCaughtUp();
        for (String member : List.of("ada", "bert", "cleo", "dan", "gina", "hana")) {
            assertThat(namesByOrganisation(api().get("/v1/me/orgs", user(member)).json())).as(member)
                    .containsEntry("acme", "Acme Inc");
        }
    }

    @Test
    @Order(9)
    void theOldApiKey_stillGetsCredentials_andItsOldWebhookEndpointIsChangedAndRotated() {
        String secret = SAVED.get("apiKey").get("secret").asText();

        assertThat(api().send(api().request("/v1/backend/credentials", null).header("Authorization", secret).GET())
                .status()).isEqualTo(200);
        assertThat(api().get(ACME + "/api-keys", user("bert")).json().get("items"))
                .extracting(key -> key.get("id").asText()).containsExactly(SAVED.get("apiKey").get("id").asText());

        String hook = ACME + "/webhooks/" + SAVED.get("webhook").get("id").asText();
        JsonNode endpoint = api().get(hook, user("bert")).json();
        assertThat(endpoint.get("enabled").asBoolean()).isFalse();
        assertThat(endpoint.get("url").asText()).isEqualTo("https://hooks.example.com/enclave");
        Api.Reply changed = patch(hook, "{\"description\":\"CRM sync (paused)\"}", user("bert"), null);
        assertThat(changed.status()).as(changed.body()).isEqualTo(200);
        Api.Reply rotated = api().post(hook + "/rotate-secret", "", user("ada"));
        assertThat(rotated.status()).as(rotated.body()).isEqualTo(200);
    }

    @Test
    @Order(10)
    void profiles_reachOldMembershipsCopies_byPatchAndByClaims() {
        Api.Reply patched = api().send(api().request("/v1/me", user("cleo")).header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"name\":\"Cleo Patra\",\"phone\":"
                        + "\"+44 20 7946 0000\"}")));
        assertThat(patched.status()).as(patched.body()).isEqualTo(200);
        String withClaims = tokens().mint("{\"sub\":\"dan\",\"email\":\"dan@example.com\",\"name\":\"Dan Brown\"}");
        assertThat(api().get(ACME, withClaims).status()).isEqualTo(200);

        for (String org : List.of("acme", "globex")) {
            JsonNode cleo = api().get("/v1/orgs/" + org + "/members/cleo", user("bert")).json();
            assertThat(cleo.get("name").asText()).as(org).isEqualTo("Cleo Patra");
            assertThat(cleo.get("phone").asText()).as(org).isEqualTo("+44 20 7946 0000");
        }
        assertThat(api().get(ACME + "/members/dan", user("bert")).json().get("name").asText()).isEqualTo("Dan Brown");
        assertThat(api().get(ACME + "/members/bert", user("bert")).json().has("name"))
                .as("nobody else's copy changes").isFalse();
    }

    @Test
    @Order(11)
    void theEventFeed_goesOnAfterTheOldPlaces_eachPlaceOnce() {
        List<JsonNode> events = feed("acme", SAVED.get("apiKey").get("secret").asText());

        assertThat(events).extracting(event -> event.get("sequence").asLong())
                .containsExactlyElementsOf(LongStream.rangeClosed(1, events.size()).boxed().toList());
        assertThat(events.subList(0, (int) OLD_ACME_EVENTS)).extracting(event -> event.get("id").asText())
                .containsExactlyElementsOf(oldEventIds("acme"));
        List<String> newTypes = events.subList((int) OLD_ACME_EVENTS, events.size()).stream()
                .map(event -> event.get("type").asText()).toList();
        assertThat(newTypes).contains("group.created", "member.added", "member.removed", "organisation.renamed");
    }

    @Test
    @Order(12)
    void theTable_afterTheSuite_checksClean() {
        Run check = check();

        assertThat(check.status()).as(check.output()).isEqualTo(ConsistencyCheck.CLEAN);
    }

    private String user(String sub) {
        return tokens().mint(sub, sub + "@example.com");
    }

    private Api.Reply accept(String token, String user) {
        return api().post("/v1/invitations/accept", "{\"token\":\"" + token + "\"}", user(user));
    }

    /** Each check as {@code "<userId> <permission>"}, asked in one request by {@code token}; answers in order. */
    private List<Boolean> checks(String org, String token, String... checks) {
        List<String> asked = new ArrayList<>();
        for (String check : checks) {
            String[] parts = check.split(" ");
            asked.add(parts.length == 1 ? "{\"permission\":\"" + parts[0] + "\"}"
                    : "{\"userId\":\"" + parts[0] + "\",\"permission\":\"" + parts[1] + "\"}");
        }
        Api.Reply reply = api().post("/v1/orgs/" + org + "/permissions/check", "{\"checks\":["
                + String.join(",", asked) + "]}", token);
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        List<Boolean> allowed = new ArrayList<>();
        reply.json().get("results").forEach(result -> allowed.add(result.get("allowed").asBoolean()));
        return allowed;
    }

    private List<String> pendingEmails(String org) {
        indexesCaughtUp();
        List<String> emails = new ArrayList<>();
        api().get("/v1/orgs/" + org + "/invitations?status=pending&limit=100", user("ada")).json().get("items")
                .forEach(invitation -> emails.add(invitation.get("email").asText()));
        return emails;
    }

    /** Every event of {@code org}'s feed, page after page, read with an API key as a backend reads it. */
    private List<JsonNode> feed(String org, String key) {
        List<JsonNode> events = new ArrayList<>();
        String cursor = null;
        while (true) {
            String query = "?limit=100" + (cursor == null ? "" : "&after=" + URLEncoder.encode(cursor,
                    StandardCharsets.UTF_8));
            Api.Reply page = api().send(api().request("/v1/orgs/" + org + "/events" + query, null)
                    .header("Authorization", key).GET());
            assertThat(page.status()).as(page.body()).isEqualTo(200);
            cursor = page.json().get("cursor").asText();
            if (page.json().get("items").isEmpty()) {
                return events;
            }
            page.json().get("items").forEach(events::add);
        }
    }

    private List<String> oldEventIds(String org) {
        return OLD.items().stream().filter(item -> item.get("PK").s().equals("TENANT#" + org + "#")
                        && item.get("SK").s().startsWith("EVENT#"))
                .sorted((a, b) -> a.get("SK").s().compareTo(b.get("SK").s()))
                .map(item -> item.get("eventId").s()).toList();
    }

    private Api.Reply put(String path, String token) {
        return api().send(api().request(path, token).PUT(HttpRequest.BodyPublishers.noBody()));
    }

    private Api.Reply delete(String path, String token) {
        return api().send(api().request(path, token).DELETE());
    }

    private Api.Reply patch(String path, String json, String token, String etag) {
        HttpRequest.Builder request = api().request(path, token).header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString(json));
        return api().send(etag == null ? request : request.header("If-Match", etag));
    }

    private static Map<String, List<String>> groupsById(JsonNode page) {
        Map<String, List<String>> groups = new HashMap<>();
        page.get("items").forEach(member -> {
            List<String> held = new ArrayList<>();
            member.get("groups").forEach(group -> held.add(group.asText()));
            groups.put(member.get("userId").asText(), held);
        });
        return groups;
    }

    private static Map<String, String> namesByOrganisation(JsonNode page) {
        Map<String, String> names = new HashMap<>();
        page.get("items").forEach(org -> names.put(org.get("organisation").asText(), org.get("name").asText()));
        return names;
    }



    private List<Map<String, AttributeValue>> scan() {
        List<Map<String, AttributeValue>> all = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            ScanResponse page = platform.scan(b -> b.tableName(tableName).consistentRead(true)
                    .exclusiveStartKey(from));
            all.addAll(page.items());
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return all;
    }

    private static void waitUntil(BooleanSupplier done, String what) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
        while (!done.getAsBoolean()) {
            assertThat(Instant.now()).as(what + " within 30 s").isBefore(deadline);
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    private Run check() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = ConsistencyCheck.check(platform, tableName, new PrintStream(out, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8));
    }

    /** One run of the consistency checker: its exit status and its output. */
    private record Run(int status, String output) {
    }
}
