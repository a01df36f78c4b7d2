package dev.enclave.app.edge.web.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.Parallel;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

@MicronautTest(environments = "local")
class AdminTenantsIT extends LocalStackTest {

    @Test
    void onboard_byPlatformAdmin_createsTheTenant_andItsOwnerJoinsByAccepting() {
        JsonNode onboarded = onboard("adm-new", "olive@example.com", 5).json();
        String olive = tokens().mint("olive", "olive@example.com");

        Api.Reply accepted = accept(onboarded.get("ownerInvitationToken").asText(), olive);

        assertThat(onboarded.at("/tenant/members").asInt()).isZero();
        assertThat(accepted.status()).isEqualTo(200);
        assertThat(accepted.json().get("groups")).extracting(JsonNode::asText)
                .containsExactlyInAnyOrder("owner", "member");
        assertThat(api().get("/v1/admin/tenants/adm-new", admin()).json().get("members").asInt()).isEqualTo(1);
        assertThat(api().get("/v1/orgs/adm-new", olive).status()).isEqualTo(200);
    }

    @Test
    void onboard_byAnyoneElse_isForbidden() {
        Api.Reply reply = api().post("/v1/admin/tenants", body("adm-denied", "x@example.com", 5),
                tokens().mint("mallory", "m@example.com"));

        assertThat(reply.status()).isEqualTo(403);
        assertThat(reply.contentType()).isEqualTo("application/problem+json");
    }

    @Test
    void aPlatformAdminsTokenBoundToATenant_actsOnNone() {
        onboard("adm-bound", "a@example.com", 5);
        String bound = tokens().mint("{\"sub\":\"root\",\"email\":\"root@platform.example\","
                + "\"roles\":[\"platform-admin\"],\"tenant\":\"adm-bound\"}");

        Api.Reply suspended = api().post("/v1/admin/tenants/adm-bound/suspend", "", bound);

        assertThat(suspended.status()).as(suspended.body()).isEqualTo(403);
        assertThat(suspended.json().get("code").asText()).isEqualTo("tenant-mismatch");
        assertThat(api().get("/v1/admin/events", bound).status()).isEqualTo(403);
        assertThat(api().get("/v1/admin/tenants/adm-bound", admin()).json().get("status").asText())
                .isEqualTo("active");
    }

    @Test
    void onboard_anExistingId_isConflict() {
        onboard("adm-twice", "a@example.com", 5);

        assertThat(onboard("adm-twice", "b@example.com", 5).status()).isEqualTo(409);
    }

    @Test
    void aTenantNobodyJoined_isDeleted_andItsIdOnboardedAgain_withTheOldOwnerInvitationGone() {
        String mistyped = onboard("adm-typo", "olvie@example.com", 5).json().get("ownerInvitationToken").asText();
        String member = tokens().mint("member", "member@example.com");
        assertThat(api().send(api().request("/v1/admin/tenants/adm-typo", member).DELETE()).status())
                .as("platform admins only").isEqualTo(403);

        Api.Reply deleted = api().send(api().request("/v1/admin/tenants/adm-typo", admin()).DELETE());

        assertThat(deleted.status()).as(deleted.body()).isEqualTo(202);
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30))
                .until(() -> organisationItem("adm-typo").isEmpty());
        assertThat(onboard("adm-typo", "olive@example.com", 5).status()).isEqualTo(201);
        assertThat(api().post("/v1/invitations/accept", "{\"token\":\"" + mistyped + "\"}",
                tokens().mint("olvie", "olvie@example.com")).status()).as("the mistyped owner invitation")
                .isEqualTo(404);
        assertThat(api().send(api().request("/v1/admin/tenants/adm-none", admin()).DELETE()).status())
                .isEqualTo(404);
    }

    @Test
    void onboard_anIdWhoseOrganisationIsBeingDeleted_saysSo() {
        onboard("adm-again", "a@example.com", 5);
        markedDeleting("adm-again");

        Api.Reply again = onboard("adm-again", "b@example.com", 5);

        assertThat(again.status()).isEqualTo(409);
        assertThat(again.json().get("code").asText()).isEqualTo("organisation-being-deleted");
    }

    @Test
    void suspendedTenant_answersLocked_untilResumed() {
        JsonNode onboarded = onboard("adm-suspend", "olive@example.com", 5).json();
        String olive = tokens().mint("olive", "olive@example.com");
        accept(onboarded.get("ownerInvitationToken").asText(), olive);
        String invite = api().post("/v1/orgs/adm-suspend/invitations", "{\"email\":\"bob@example.com\"}", olive)
                .json().get("token").asText();

        assertThat(post("/v1/admin/tenants/adm-suspend/suspend").status()).isEqualTo(204);
        Api.Reply locked = api().get("/v1/orgs/adm-suspend", olive);
        Api.Reply accept = accept(invite, tokens().mint("bob", "bob@example.com"));
        assertThat(post("/v1/admin/tenants/adm-suspend/resume").status()).isEqualTo(204);

        assertThat(locked.status()).isEqualTo(423);
        assertThat(locked.json().get("code").asText()).isEqualTo("organisation-suspended");
        assertThat(accept.status()).isEqualTo(423);
        assertThat(api().get("/v1/orgs/adm-suspend", olive).status()).isEqualTo(200);
    }

    @Test
    void seats_cannotDropBelowTheMembers() {
        JsonNode onboarded = onboard("adm-seats", "olive@example.com", 5).json();
        String olive = tokens().mint("olive", "olive@example.com");
        accept(onboarded.get("ownerInvitationToken").asText(), olive);
        accept(api().post("/v1/orgs/adm-seats/invitations", "{\"email\":\"bob@example.com\"}", olive).json()
                .get("token").asText(), tokens().mint("bob", "bob@example.com"));

        Api.Reply raised = patch("/v1/admin/tenants/adm-seats", "{\"seats\":50}");
        Api.Reply belowMembers = patch("/v1/admin/tenants/adm-seats", "{\"seats\":1}");

        assertThat(raised.json().get("seats").asInt()).isEqualTo(50);
        assertThat(belowMembers.status()).isEqualTo(409);
        assertThat(api().get("/v1/admin/tenants/adm-seats", admin()).json().get("seats").asInt()).isEqualTo(50);
    }

    @Test
    void seats_ofATenantThatDoesNotExist_isNotFoundAndCreatesNothing() {
        Api.Reply reply = patch("/v1/admin/tenants/adm-nobody", "{\"seats\":10}");

        assertThat(reply.status()).isEqualTo(404);
        assertThat(api().get("/v1/admin/tenants/adm-nobody", admin()).status()).isEqualTo(404);
    }

    @Test
    void seats_ofATenantBeingDeleted_isNotFoundAndChangesNothing() {
        onboard("adm-going", "olive@example.com", 5);
        markedDeleting("adm-going");
        Map<String, AttributeValue> before = organisationItem("adm-going");

        Api.Reply reply = patch("/v1/admin/tenants/adm-going", "{\"seats\":40}");

        assertThat(reply.status()).isEqualTo(404);
        assertThat(organisationItem("adm-going")).isEqualTo(before);
    }

    @Test
    void adminChanges_racingEachOtherAndTheOrganisationsOwnRenames_areMadeOrAConflict_neverAFault() {
        String owner = journeys().organisation("adm-busy");
        List<Integer> answers = Parallel.run(8, n -> {
            List<Integer> mine = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                mine.add(n % 4 == 0 ? api().send(api().request("/v1/orgs/adm-busy", owner).header("If-Match", "*")
                        .header("Content-Type", "application/json").method("PATCH", HttpRequest.BodyPublishers
                                .ofString("{\"name\":\"Busy " + n + "-" + i + "\"}"))).status()
                        : patch("/v1/admin/tenants/adm-busy", "{\"seats\":" + (30 + n * 5 + i) + "}").status());
            }
            return mine;
        }).stream().flatMap(List::stream).toList();

        assertThat(answers).as("every change, each moving the organisation the others read").allSatisfy(status ->
                assertThat(status).isIn(200, 409));
    }

    /** Marks the tenant's organisation item as being deleted, as a deletion's first write does (no job runs). */
    private void markedDeleting(String id) {
        platform.updateItem(b -> b.tableName(tableName).key(Map.of("PK", AttributeValue.fromS("TENANT#" + id + "#"),
                "SK", AttributeValue.fromS("ORG"))).updateExpression("SET #status = :deleting")
                .expressionAttributeNames(Map.of("#status", "status"))
                .expressionAttributeValues(Map.of(":deleting", AttributeValue.fromS("DELETING"))));
    }

    private Map<String, AttributeValue> organisationItem(String id) {
        return platform.getItem(b -> b.tableName(tableName).consistentRead(true).key(Map.of(
                "PK", AttributeValue.fromS("TENANT#" + id + "#"), "SK", AttributeValue.fromS("ORG")))).item();
    }

    private Api.Reply onboard(String id, String ownerEmail, int seats) {
        return api().post("/v1/admin/tenants", body(id, ownerEmail, seats), admin());
    }

    private static String body(String id, String ownerEmail, int seats) {
        return "{\"id\":\"" + id + "\",\"name\":\"" + id + "\",\"ownerEmail\":\"" + ownerEmail + "\",\"seats\":"
                + seats + "}";
    }

    private String admin() {
        return tokens().mint("{\"sub\":\"root\",\"email\":\"root@platform.example\",\"roles\":[\"platform-admin\"]}");
    }

    private Api.Reply accept(String invitationToken, String token) {
        return api().post("/v1/invitations/accept", "{\"token\":\"" + invitationToken + "\"}", token);
    }

    private Api.Reply post(String path) {
        return api().post(path, "", admin());
    }

    private Api.Reply patch(String path, String json) {
        return api().send(api().request(path, admin()).header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString(json)));
    }
}
