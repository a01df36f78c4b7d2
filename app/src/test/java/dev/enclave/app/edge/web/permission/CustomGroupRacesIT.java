package dev.enclave.app.edge.web.permission;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.support.Api;
import dev.enclave.app.support.InFlight;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.SecondInstance;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.http.HttpRequest;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * A custom group's deletion and a grant of it, each decided while the other is in flight (its transaction held by
 * the gateway, the other sent through a second instance, since one instance sends an organisation's transactions in
 * turn): whichever lands second is refused, so nobody is left holding the deleted group's name, which a group defined
 * under it later would give its permissions to.
 */
@MicronautTest(environments = "local")
class CustomGroupRacesIT extends LocalStackTest {

    private static final String APPROVE = "\"invoices:approve\"";

    /** Refused before too (giving a custom group pins the definitions), as the granter's change: now as the group's. */
    @Test
    void aGrantDecidedBeforeItsGroupWasDeleted_isRefused_andLeavesNoName() {
        String owner = organisationWithApprovers("race-grant", "");
        try (SecondInstance other = SecondInstance.start(getProperties())) {
            Api.Reply late = stalledWhile("race-grant", () -> put("/v1/orgs/race-grant/members/bob/groups/approvers",
                    owner), () -> other.api().send(other.api().request("/v1/orgs/race-grant/groups/approvers", owner)
                    .DELETE()), 204);

            assertThat(late.status()).as(late.body()).isEqualTo(409);
            assertThat(late.json().get("code").asText()).isEqualTo("conflict");
        }
        assertThat(groupsOfBob("race-grant", owner)).doesNotContain("approvers");
        assertThat(define("race-grant", owner, APPROVE).status()).isEqualTo(201);
        assertThat(groupsOfBob("race-grant", owner)).as("the group defined again under the name").doesNotContain(
                "approvers");
    }

    @Test
    void aDeletionDecidedBeforeTheGroupWasGiven_isRefused_andTheGroupStays() {
        String owner = organisationWithApprovers("race-delete", APPROVE);
        try (SecondInstance other = SecondInstance.start(getProperties())) {
            Api.Reply late = stalledWhile("race-delete", () -> api().send(api().request(
                    "/v1/orgs/race-delete/groups/approvers", owner).DELETE()), () -> other.api().send(other.api()
                    .request("/v1/orgs/race-delete/members/bob/groups/approvers", owner)
                    .PUT(HttpRequest.BodyPublishers.noBody())), 200);

            assertThat(late.status()).as(late.body()).isEqualTo(409);
            assertThat(late.json().get("code").asText()).isEqualTo("group-in-use");
        }
        assertThat(api().get("/v1/orgs/race-delete/groups/approvers", owner).status()).isEqualTo(200);
        assertThat(groupsOfBob("race-delete", owner)).contains("approvers");
    }

    @Test
    void aDeletion_isNotDisturbedByAGrantOfAnotherGroupMeanwhile() {
        String owner = organisationWithApprovers("race-other", APPROVE);
        assertThat(api().post("/v1/orgs/race-other/groups", "{\"id\":\"auditors\",\"permissions\":[]}", owner)
                .status()).isEqualTo(201);
        try (SecondInstance other = SecondInstance.start(getProperties())) {
            Api.Reply late = stalledWhile("race-other", () -> api().send(api().request(
                    "/v1/orgs/race-other/groups/approvers", owner).DELETE()), () -> other.api().send(other.api()
                    .request("/v1/orgs/race-other/members/bob/groups/auditors", owner)
                    .PUT(HttpRequest.BodyPublishers.noBody())), 200);

            assertThat(late.status()).as(late.body()).isEqualTo(204);
        }
        assertThat(groupsOfBob("race-other", owner)).contains("auditors");
    }

    @Test
    void aDeletionDecidedBeforeAnInvitationGivingTheGroupWasAccepted_isRefused() {
        String owner = organisationWithApprovers("race-accept", APPROVE);
        String token = api().post("/v1/orgs/race-accept/invitations", "{\"email\":\"carl@example.com\","
                + "\"groups\":[\"approvers\"]}", owner).json().get("token").asText();
        try (SecondInstance other = SecondInstance.start(getProperties())) {
            Api.Reply late = stalledWhile("race-accept", () -> api().send(api().request(
                    "/v1/orgs/race-accept/groups/approvers", owner).DELETE()), () -> other.api().post(
                    "/v1/invitations/accept", "{\"token\":\"" + token + "\"}", journeys().member("carl")), 200);

            assertThat(late.status()).as(late.body()).isEqualTo(409);
            assertThat(late.json().get("code").asText()).isEqualTo("group-in-use");
        }
        assertThat(api().get("/v1/orgs/race-accept/members/carl", owner).json().get("groups").toString())
                .contains("approvers");
    }

    /** {@code late}'s answer, its transaction held by the gateway while {@code meanwhile} answered {@code status}. */
    private Api.Reply stalledWhile(String org, Supplier<Api.Reply> late, Supplier<Api.Reply> meanwhile, int status) {
        return InFlight.heldWhile(faults, org, late, () -> {
            Api.Reply first = meanwhile.get();
            assertThat(first.status()).as(first.body()).isEqualTo(status);
        });
    }

    /** An organisation with bob, a member, and the group approvers giving {@code permissions} (JSON strings). */
    private String organisationWithApprovers(String org, String permissions) {
        String owner = journeys().organisation(org);
        journeys().join(org, owner, "bob");
        assertThat(define(org, owner, permissions).status()).isEqualTo(201);
        return owner;
    }

    private Api.Reply define(String org, String owner, String permissions) {
        return api().post("/v1/orgs/" + org + "/groups", "{\"id\":\"approvers\",\"permissions\":[" + permissions
                + "]}", owner);
    }

    private String groupsOfBob(String org, String owner) {
        return api().get("/v1/orgs/" + org + "/members/bob", owner).json().get("groups").toString();
    }

    private Api.Reply put(String path, String token) {
        return api().send(api().request(path, token).PUT(HttpRequest.BodyPublishers.noBody()));
    }
}
