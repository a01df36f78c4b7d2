package dev.enclave.app.domain.member;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.http.HttpRequest;
import org.junit.jupiter.api.Test;

/**
 * What a member made carries their authority only while they hold it: an invitation they sent can be accepted, and
 * an API key they created obtains credentials, only while they are still an admin (an owner, for an invitation that
 * grants owner). And what was granted in a service does not reach another service created under its id.
 */
@MicronautTest(environments = "local")
class WhatLeavingMembersMadeIT extends LocalStackTest {

    @Test
    void aRemovedAdmin_leavesNoWorkingInvitationAndNoWorkingKey() {
        String owner = journeys().organisation("leaving-admin");
        String bob = admin("leaving-admin", owner, "bob-leaving");
        String toCarl = invite("leaving-admin", bob, "carl-leaving", "[\"admin\"]");
        String toHimself = invite("leaving-admin", bob, "bob-other-address", "[\"admin\"]");
        String key = createKey("leaving-admin", bob);
        assertThat(credentials(key).status()).isEqualTo(200);

        assertThat(delete("/v1/orgs/leaving-admin/members/bob-leaving", owner).status()).isEqualTo(204);

        Api.Reply carl = accept(toCarl, journeys().member("carl-leaving"));
        Api.Reply backAgain = accept(toHimself, journeys().member("bob-other-address"));
        assertThat(carl.status()).as(carl.body()).isEqualTo(409);
        assertThat(carl.json().get("code").asText()).isEqualTo("invitation-not-pending");
        assertThat(backAgain.status()).isEqualTo(409);
        assertThat(api().get("/v1/orgs/leaving-admin/members/bob-other-address", owner).status()).isEqualTo(404);
        assertThat(credentials(key).status()).isEqualTo(401);
    }

    @Test
    void aDemotedAdmin_leavesNoWorkingKey_andAnOwnersInvitationLapsesWhenTheyAreNoLongerOwner() {
        String owner = journeys().organisation("demoted-admin");
        String bob = admin("demoted-admin", owner, "bob-demoted");
        String key = createKey("demoted-admin", bob);
        String dana = admin("demoted-admin", owner, "dana-demoted");
        assertThat(put("/v1/orgs/demoted-admin/members/dana-demoted/groups/owner", owner).status()).isEqualTo(200);
        String toEve = invite("demoted-admin", dana, "eve-demoted", "[\"owner\"]");

        assertThat(delete("/v1/orgs/demoted-admin/members/bob-demoted/groups/admin", owner).status()).isEqualTo(200);
        assertThat(delete("/v1/orgs/demoted-admin/members/dana-demoted/groups/owner", owner).status())
                .isEqualTo(200);

        assertThat(credentials(key).status()).isEqualTo(401);
        assertThat(accept(toEve, journeys().member("eve-demoted")).status()).isEqualTo(409);
    }

    @Test
    void anInvitationKeptAfterItsInviterLeft_andStillAdminsInvitations_work() {
        String owner = journeys().organisation("staying-admin");
        String bob = admin("staying-admin", owner, "bob-staying");
        String toCarl = invite("staying-admin", bob, "carl-staying", "[\"admin\"]");
        String key = createKey("staying-admin", bob);

        assertThat(accept(toCarl, journeys().member("carl-staying")).status()).isEqualTo(200);
        assertThat(credentials(key).status()).isEqualTo(200);
    }

    @Test
    void aServiceGroupGrantedByAnInvitation_doesNotReachAServiceCreatedAgainUnderItsId() {
        String owner = journeys().organisation("svc-again");
        assertThat(api().post("/v1/orgs/svc-again/services", "{\"id\":\"payroll\",\"name\":\"Payroll\"}", owner)
                .status()).isEqualTo(201);
        String toCarl = api().post("/v1/orgs/svc-again/invitations", "{\"email\":\"carl-svc@example.com\","
                + "\"serviceGroups\":[\"payroll/admins\"]}", owner).json().get("token")
                .asText();
        assertThat(delete("/v1/orgs/svc-again/services/payroll", owner).status()).isEqualTo(204);
        assertThat(api().post("/v1/orgs/svc-again/services", "{\"id\":\"payroll\",\"name\":\"Other\"}", owner)
                .status()).isEqualTo(201);

        Api.Reply accepted = accept(toCarl, journeys().member("carl-svc"));

        assertThat(accepted.status()).as(accepted.body()).isEqualTo(200);
        assertThat(api().get("/v1/orgs/svc-again/members/carl-svc/access?service=payroll&group=admins", owner)
                .json().get("allowed").asBoolean()).isFalse();
        assertThat(api().get("/v1/orgs/svc-again/services/payroll/groups/admins/members", owner).json()
                .findValuesAsText("userId")).doesNotContain("carl-svc");
    }

    private String admin(String org, String owner, String user) {
        journeys().join(org, owner, user);
        assertThat(put("/v1/orgs/" + org + "/members/" + user + "/groups/admin", owner).status()).isEqualTo(200);
        return journeys().member(user);
    }

    private String invite(String org, String inviter, String user, String groups) {
        Api.Reply invited = api().post("/v1/orgs/" + org + "/invitations", "{\"email\":\"" + user
                + "@example.com\",\"groups\":" + groups + "}", inviter);
        assertThat(invited.status()).as(invited.body()).isEqualTo(201);
        return invited.json().get("token").asText();
    }

    private String createKey(String org, String admin) {
        Api.Reply created = api().post("/v1/orgs/" + org + "/api-keys", "{\"name\":\"backend\",\"access\":\"readwrite\"}",
                admin);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode json = created.json();
        return json.get("secret").asText();
    }

    private Api.Reply accept(String invitationToken, String token) {
        return api().post("/v1/invitations/accept", "{\"token\":\"" + invitationToken + "\"}", token);
    }

    private Api.Reply credentials(String key) {
        return api().send(api().request("/v1/backend/credentials", null).GET().header("Authorization", key));
    }

    private Api.Reply put(String path, String token) {
        return api().send(api().request(path, token).PUT(HttpRequest.BodyPublishers.noBody()));
    }

    private Api.Reply delete(String path, String token) {
        return api().send(api().request(path, token).DELETE());
    }
}
