package dev.enclave.app.domain.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.infra.consistency.Invariants;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.BigOrganisations;
import dev.enclave.app.support.LocalStackTest;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

@MicronautTest(environments = "local")
class ServicesIT extends LocalStackTest {

    @Test
    void services_areCreatedListedRenamedWithETagAndDeleted() {
        String owner = journeys().organisation("svc-crud");

        Api.Reply created = api().post("/v1/orgs/svc-crud/services", "{\"id\":\"billing\",\"name\":\"Billing\"}", owner);
        Api.Reply duplicate = api().post("/v1/orgs/svc-crud/services", "{\"id\":\"billing\",\"name\":\"B\"}", owner);
        String v1 = created.header("ETag");
        Api.Reply renamed = send("PATCH", "/v1/orgs/svc-crud/services/billing", "{\"name\":\"Invoices\"}", owner, v1);
        Api.Reply stale = send("PATCH", "/v1/orgs/svc-crud/services/billing", "{\"name\":\"Lost\"}", owner, v1);

        assertThat(created.status()).isEqualTo(201);
        assertThat(duplicate.status()).isEqualTo(409);
        assertThat(renamed.json().get("name").asText()).isEqualTo("Invoices");
        assertThat(stale.status()).isEqualTo(412);
        assertThat(api().get("/v1/orgs/svc-crud/services", owner).json().findValuesAsText("id")).containsExactly("billing");
        assertThat(send("DELETE", "/v1/orgs/svc-crud/services/billing", null, owner, null).status()).isEqualTo(204);
        assertThat(api().get("/v1/orgs/svc-crud/services/billing", owner).status()).isEqualTo(404);
    }

    @Test
    void rename_withIfMatchStar_renamesAnExistingService_andAMissingOneIsPreconditionFailed() {
        String owner = journeys().organisation("svc-star");
        createService("svc-star", "billing", owner);

        Api.Reply renamed = send("PATCH", "/v1/orgs/svc-star/services/billing", "{\"name\":\"Any\"}", owner, "*");
        Api.Reply missing = send("PATCH", "/v1/orgs/svc-star/services/nothing", "{\"name\":\"Any\"}", owner, "*");

        assertThat(renamed.status()).isEqualTo(200);
        assertThat(renamed.header("ETag")).endsWith(".v2\"");
        assertThat(missing.status()).isEqualTo(412);
    }

    @Test
    void accessCheck_followsServiceGroupAssignments_andOnlyMembersCanBeAssigned() {
        String owner = journeys().organisation("svc-access");
        createService("svc-access", "reports", owner);
        journeys().join("svc-access", owner, "bob");
        String path = "/v1/orgs/svc-access/services/reports/groups/viewers/members/";

        Api.Reply assigned = send("PUT", path + "bob", null, owner, null);
        Api.Reply stranger = send("PUT", path + "eve", null, owner, null);

        assertThat(assigned.status()).isEqualTo(204);
        assertThat(stranger.status()).isEqualTo(404);
        assertThat(allowed("svc-access", "bob", "reports", "viewers", owner)).isTrue();
        assertThat(allowed("svc-access", "bob", "reports", "editors", owner)).isFalse();
        assertThat(api().get("/v1/orgs/svc-access/services/reports/groups/viewers/members", owner).json()
                .get("items")).extracting(JsonNode::asText).containsExactly("bob");
        send("DELETE", path + "bob", null, owner, null);
        assertThat(allowed("svc-access", "bob", "reports", "viewers", owner)).isFalse();
    }

    @Test
    void aGroupsMembers_areListedAPageAtATime_withACursorOfThatGroupAlone() {
        String owner = journeys().organisation("svc-pages");
        createService("svc-pages", "reports", owner);
        String path = "/v1/orgs/svc-pages/services/reports/groups/viewers/members";
        for (String user : List.of("ann", "bob", "cy")) {
            journeys().join("svc-pages", owner, user);
            assertThat(send("PUT", path + "/" + user, null, owner, null).status()).isEqualTo(204);
        }

        JsonNode first = api().get(path + "?limit=2", owner).json();
        JsonNode rest = api().get(path + "?limit=2&cursor=" + first.get("nextCursor").asText(), owner).json();
        Api.Reply elsewhere = api().hostile().get("/v1/orgs/svc-pages/services/reports/groups/editors/members?cursor="
                + first.get("nextCursor").asText(), owner);

        List<String> listed = new ArrayList<>();
        first.get("items").forEach(user -> listed.add(user.asText()));
        rest.get("items").forEach(user -> listed.add(user.asText()));
        assertThat(first.get("items")).hasSize(2);
        assertThat(listed).containsExactlyInAnyOrder("ann", "bob", "cy");
        assertThat(rest.get("nextCursor").isNull()).isTrue();
        assertThat(elsewhere.status()).as("another group's cursor").isEqualTo(400);
        assertThat(api().hostile().get(path + "?limit=0", owner).status()).isEqualTo(400);
    }

    @Test
    void services_areListedAPageAtATime_inIdOrder_withACursorOfTheServiceListAlone() {
        String owner = journeys().organisation("svc-list-pages");
        for (String id : List.of("delta", "alpha", "charlie", "bravo", "echo")) {
            createService("svc-list-pages", id, owner);
        }

        JsonNode first = api().get("/v1/orgs/svc-list-pages/services?limit=2", owner).json();
        JsonNode second = api().get("/v1/orgs/svc-list-pages/services?limit=2&cursor="
                + first.get("nextCursor").asText(), owner).json();
        JsonNode last = api().get("/v1/orgs/svc-list-pages/services?limit=2&cursor="
                + second.get("nextCursor").asText(), owner).json();
        Api.Reply membersCursor = api().hostile().get("/v1/orgs/svc-list-pages/services/alpha/groups/g/members?cursor="
                + first.get("nextCursor").asText(), owner);

        assertThat(first.findValuesAsText("id")).containsExactly("alpha", "bravo");
        assertThat(second.findValuesAsText("id")).containsExactly("charlie", "delta");
        assertThat(last.findValuesAsText("id")).containsExactly("echo");
        assertThat(last.get("nextCursor").isNull()).isTrue();
        assertThat(api().get("/v1/orgs/svc-list-pages/services", owner).json().get("items")).hasSize(5);
        assertThat(membersCursor.status()).as("the service list's cursor on a group's members").isEqualTo(400);
        assertThat(api().hostile().get("/v1/orgs/svc-list-pages/services?limit=101", owner).status()).isEqualTo(400);
        assertThat(api().hostile().get("/v1/orgs/svc-list-pages/services?cursor=bm9wZQ", owner).status())
                .isEqualTo(400);
    }

    @Test
    void invitationServiceGroups_areGrantedOnAcceptOnly() {
        String owner = journeys().organisation("svc-invite");
        createService("svc-invite", "reports", owner);
        String token = inviteBob("svc-invite", owner, "reports/viewers");
        assertThat(api().get("/v1/orgs/svc-invite/services/reports/groups/viewers/members", owner).json().get("items")).isEmpty();

        assertThat(acceptAsBob(token).status()).isEqualTo(200);

        assertThat(allowed("svc-invite", "bob", "reports", "viewers", owner)).isTrue();
    }

    @Test
    void invitationGrantingTwoGroupsOfOneService_isAcceptedWithBoth() {
        String owner = journeys().organisation("svc-two");
        createService("svc-two", "reports", owner);
        String token = inviteBob("svc-two", owner, "reports/viewers", "reports/editors");

        Api.Reply accepted = acceptAsBob(token);

        assertThat(accepted.status()).isEqualTo(200);
        assertThat(allowed("svc-two", "bob", "reports", "viewers", owner)).isTrue();
        assertThat(allowed("svc-two", "bob", "reports", "editors", owner)).isTrue();
    }

    @Test
    void invitationGrantingAServiceDeletedBeforeAccept_isAcceptedWithoutItsGroups() {
        String owner = journeys().organisation("svc-gone");
        createService("svc-gone", "reports", owner);
        createService("svc-gone", "crm", owner);
        String token = inviteBob("svc-gone", owner, "reports/viewers", "crm/sales");
        assertThat(send("DELETE", "/v1/orgs/svc-gone/services/crm", null, owner, null).status()).isEqualTo(204);

        Api.Reply accepted = acceptAsBob(token);

        assertThat(accepted.status()).isEqualTo(200);
        assertThat(allowed("svc-gone", "bob", "reports", "viewers", owner)).isTrue();
        createService("svc-gone", "crm", owner);
        assertThat(allowed("svc-gone", "bob", "crm", "sales", owner)).isFalse();
    }

    @Test
    void invitationGrantingAGroupOfNoService_isNotFound_andSendsNothing() {
        String owner = journeys().organisation("svc-none");

        Api.Reply reply = api().post("/v1/orgs/svc-none/invitations",
                "{\"email\":\"bob@example.com\",\"serviceGroups\":[\"reports/viewers\"]}", owner);

        assertThat(reply.status()).isEqualTo(404);
        assertThat(reply.json().get("code").asText()).isEqualTo("service-not-found");
        indexesCaughtUp();
        assertThat(api().get("/v1/orgs/svc-none/invitations", owner).json().get("items")).isEmpty();
    }

    @Test
    void invitationServiceGroups_mustNameServiceAndGroup() {
        String owner = journeys().organisation("svc-invalid");

        Api.Reply reply = api().hostile().post("/v1/orgs/svc-invalid/invitations",
                "{\"email\":\"bob@example.com\",\"serviceGroups\":[\"reports\"]}", owner);

        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.json().get("code").asText()).isEqualTo("validation-failed");
    }

    @Test
    void removingAMember_removesTheirServiceGroupAssignmentsToo() {
        String owner = journeys().organisation("svc-remove");
        createService("svc-remove", "crm", owner);
        journeys().join("svc-remove", owner, "bob");
        send("PUT", "/v1/orgs/svc-remove/services/crm/groups/sales/members/bob", null, owner, null);

        assertThat(send("DELETE", "/v1/orgs/svc-remove/members/bob", null, owner, null).status()).isEqualTo(204);

        assertThat(api().get("/v1/orgs/svc-remove/services/crm/groups/sales/members", owner).json().get("items")).isEmpty();
    }

    @Test
    void aMemberInNinetyServiceGroups_isRefusedAFirstAndNinetyFirst_asAConflictTheContractNames() {
        String owner = journeys().organisation("svc-ninety");
        createService("svc-ninety", "crm", owner);
        String path = "/v1/orgs/svc-ninety/services/crm/groups/g";
        for (int n = 0; n < 90; n++) {
            assertThat(send("PUT", path + n + "/members/owner-svc-ninety", null, owner, null).status())
                    .isEqualTo(204);
        }

        Api.Reply refused = send("PUT", path + "90/members/owner-svc-ninety", null, owner, null);

        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.json().get("type").asText()).endsWith("/conflict");
        assertThat(send("PUT", path + "89/members/owner-svc-ninety", null, owner, null).status())
                .as("one it is in already").isEqualTo(204);
    }

    @Test
    void deletingAService_removesItsAssignments() {
        String owner = journeys().organisation("svc-delete");
        createService("svc-delete", "crm", owner);
        send("PUT", "/v1/orgs/svc-delete/services/crm/groups/sales/members/owner-svc-delete", null, owner, null);

        send("DELETE", "/v1/orgs/svc-delete/services/crm", null, owner, null);
        api().post("/v1/orgs/svc-delete/services", "{\"id\":\"crm\",\"name\":\"CRM again\"}", owner);

        assertThat(allowed("svc-delete", "owner-svc-delete", "crm", "sales", owner)).isFalse();
    }

    @Test
    void deletingAService_takesWhatOneTransactionHolds_countingTheMembershipsItForgetsItsGroupsOn() {
        String owner = journeys().organisation("svc-big-delete");
        createService("svc-big-delete", "crm", owner);
        BigOrganisations.addMembers(platform, tableName, "svc-big-delete", "m", 46);
        for (int n = 0; n < 46; n++) {
            assertThat(send("PUT", "/v1/orgs/svc-big-delete/services/crm/groups/sales/members/m-" + n, null, owner,
                    null).status()).isEqualTo(204);
        }

        assertThat(send("DELETE", "/v1/orgs/svc-big-delete/services/crm", null, owner, null).status())
                .as("46 and 46, with the service, its event, the log's head, the actor's checks and the organisation's")
                .isEqualTo(204);
        assertThat(api().post("/v1/orgs/svc-big-delete/services", "{\"id\":\"crm\",\"name\":\"crm\"}", owner)
                .status()).as("deleted in its own transaction: nothing is left to sweep, the id is free at once")
                .isEqualTo(201);
        assertThat(Invariants.check(platform.scanPaginator(b -> b.tableName(tableName).consistentRead(true))
                .items().stream()).violations()).as("no membership still records crm/sales")
                .noneMatch(violation -> violation.tenant().equals("svc-big-delete"));
    }

    @Test
    void deletingAServiceWhoseGroupsKeepChanging_isAConflictOrADeletion_neverAFault() throws Exception {
        String owner = journeys().organisation("svc-churn");
        BigOrganisations.addMembers(platform, tableName, "svc-churn", "m", 6);
        createService("svc-churn", "crm", owner);
        AtomicBoolean stop = new AtomicBoolean();
        List<Integer> answers = new CopyOnWriteArrayList<>();
        ExecutorService churn = Executors.newFixedThreadPool(6);
        try {
            for (int n = 0; n < 6; n++) {
                String path = "/v1/orgs/svc-churn/services/crm/groups/g" + n % 3 + "/members/m-" + n;
                churn.submit(() -> {
                    while (!stop.get()) {
                        send("PUT", path, null, owner, null);
                        send("DELETE", path, null, owner, null);
                    }
                });
            }
            for (int round = 0; round < 4; round++) {
                int status = send("DELETE", "/v1/orgs/svc-churn/services/crm", null, owner, null).status();
                answers.add(status);
                if (status == 204) {
                    createService("svc-churn", "crm", owner);
                }
            }
        } finally {
            stop.set(true);
            churn.shutdown();
            assertThat(churn.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        }

        assertThat(answers).as("each delete, its group members changing all the while").allSatisfy(status ->
                assertThat(status).isIn(204, 409));
    }

    private boolean allowed(String org, String user, String service, String group, String token) {
        return api().get("/v1/orgs/" + org + "/members/" + user + "/access?service=" + service + "&group=" + group,
                token).json().get("allowed").asBoolean();
    }

    private void createService(String org, String id, String owner) {
        assertThat(api().post("/v1/orgs/" + org + "/services", "{\"id\":\"" + id + "\",\"name\":\"" + id + "\"}",
                owner).status()).as("service " + id + " created").isEqualTo(201);
    }

    /** Invites bob@example.com into {@code serviceGroups} ({@code service/group} each); answers the token. */
    private String inviteBob(String org, String owner, String... serviceGroups) {
        Api.Reply invited = api().post("/v1/orgs/" + org + "/invitations", "{\"email\":\"bob@example.com\","
                + "\"serviceGroups\":[\"" + String.join("\",\"", serviceGroups) + "\"]}", owner);
        assertThat(invited.status()).isEqualTo(201);
        return invited.json().get("token").asText();
    }

    private Api.Reply acceptAsBob(String token) {
        return api().post("/v1/invitations/accept", "{\"token\":\"" + token + "\"}", journeys().member("bob"));
    }

    private Api.Reply send(String method, String path, String json, String token, String ifMatch) {
        HttpRequest.Builder request = api().request(path, token).method(method, json == null
                ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        if (ifMatch != null) {
            request.header("If-Match", ifMatch);
        }
        return api().send(request);
    }
}
