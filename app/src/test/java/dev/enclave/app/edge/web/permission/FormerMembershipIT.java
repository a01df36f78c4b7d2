package dev.enclave.app.edge.web.permission;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.http.HttpRequest;
import org.junit.jupiter.api.Test;

/**
 * What an admin made carries the authority of the membership that made it: once they are removed, being made a
 * member (and an admin) again gives no life back to their API keys or their pending invitations.
 */
@MicronautTest(environments = "local")
class FormerMembershipIT extends LocalStackTest {

    @Test
    void anAdminRemovedAndAddedAgain_getsNoLifeBackForTheKeysAndInvitationsTheyMadeBefore() {
        String owner = journeys().organisation("former");
        makeAdmin(owner, "adm");
        String admin = journeys().member("adm");
        String key = api().post("/v1/orgs/former/api-keys", "{\"name\":\"ci\",\"access\":\"read\","
                + "\"permissions\":[\"events:read\"]}", admin).json().get("secret").asText();
        String invitation = api().post("/v1/orgs/former/invitations", "{\"email\":\"bob@example.com\","
                + "\"groups\":[\"admin\"]}", admin).json().get("token").asText();
        assertThat(withKey("/v1/orgs/former/events", key).status()).as("the key, before").isEqualTo(200);

        assertThat(api().send(api().request("/v1/orgs/former/members/adm", owner).DELETE()).status())
                .isEqualTo(204);
        makeAdmin(owner, "adm");
        String laterKey = api().post("/v1/orgs/former/api-keys", "{\"name\":\"ci-again\",\"access\":\"read\"}",
                admin).json().get("secret").asText();

        assertThat(withKey("/v1/orgs/former/events", key).status()).as("the key of the former membership")
                .isEqualTo(401);
        assertThat(withKey("/v1/backend/credentials", key).status()).isEqualTo(401);
        assertThat(withKey("/v1/backend/credentials", laterKey).status()).as("a key of the membership now")
                .isEqualTo(200);
        Api.Reply accepted = api().post("/v1/invitations/accept", "{\"token\":\"" + invitation + "\"}",
                journeys().member("bob"));
        assertThat(accepted.status()).as(accepted.body()).isEqualTo(409);
        assertThat(accepted.json().get("code").asText()).isEqualTo("invitation-not-pending");
    }

    private void makeAdmin(String owner, String user) {
        journeys().join("former", owner, user);
        assertThat(api().send(api().request("/v1/orgs/former/members/" + user + "/groups/admin", owner)
                .PUT(HttpRequest.BodyPublishers.noBody())).status()).isEqualTo(200);
    }

    private Api.Reply withKey(String path, String key) {
        return api().send(api().request(path, null).GET().header("Authorization", key));
    }
}
