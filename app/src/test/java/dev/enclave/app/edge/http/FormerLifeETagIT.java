package dev.enclave.app.edge.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.http.HttpRequest;
import org.junit.jupiter.api.Test;

/**
 * A member removed and added again, a service or a custom group deleted and created again, start again at version 1:
 * an ETag read from the former life names the same version, and must not change the new one (412, nothing written).
 */
@MicronautTest(environments = "local")
class FormerLifeETagIT extends LocalStackTest {

    @Test
    void aMembersETag_ofTheFormerMembership_changesNothingOfTheMembershipNow() {
        String owner = journeys().organisation("etag-member");
        journeys().join("etag-member", owner, "bob");
        String former = api().get("/v1/orgs/etag-member/members/bob", owner).header("ETag");

        assertThat(send("DELETE", "/v1/orgs/etag-member/members/bob", null, owner, null).status()).isEqualTo(204);
        journeys().join("etag-member", owner, "bob");
        String now = api().get("/v1/orgs/etag-member/members/bob", owner).header("ETag");

        assertThat(now).as("the same version, another life").isNotEqualTo(former);
        Api.Reply stale = send("PUT", "/v1/orgs/etag-member/members/bob/groups/admin", null, owner, former);
        assertThat(stale.status()).as(stale.body()).isEqualTo(412);
        assertThat(api().get("/v1/orgs/etag-member/members/bob", owner).json().get("groups").toString())
                .doesNotContain("admin");
        assertThat(send("PUT", "/v1/orgs/etag-member/members/bob/groups/admin", null, owner, former + ", " + now)
                .status()).as("either tag").isEqualTo(200);
    }

    @Test
    void aServicesETag_ofTheServiceDeletedBefore_renamesNothingOfTheServiceNow() {
        String owner = journeys().organisation("etag-service");
        String created = api().post("/v1/orgs/etag-service/services", "{\"id\":\"crm\",\"name\":\"CRM\"}", owner)
                .header("ETag");
        String former = api().get("/v1/orgs/etag-service/services/crm", owner).header("ETag");
        assertThat(created).as("the creation's tag is the one read").isEqualTo(former);

        assertThat(send("DELETE", "/v1/orgs/etag-service/services/crm", null, owner, null).status()).isEqualTo(204);
        api().post("/v1/orgs/etag-service/services", "{\"id\":\"crm\",\"name\":\"CRM again\"}", owner);

        Api.Reply stale = send("PATCH", "/v1/orgs/etag-service/services/crm", "{\"name\":\"Renamed\"}", owner, former);
        assertThat(stale.status()).as(stale.body()).isEqualTo(412);
        assertThat(api().get("/v1/orgs/etag-service/services/crm", owner).json().get("name").asText())
                .isEqualTo("CRM again");
    }

    @Test
    void aCustomGroupsETag_ofTheGroupDeletedBefore_changesNothingOfTheGroupNow() {
        String owner = journeys().organisation("etag-group");
        api().post("/v1/orgs/etag-group/groups", "{\"id\":\"auditors\",\"permissions\":[\"members:read\"]}", owner);
        String former = api().get("/v1/orgs/etag-group/groups/auditors", owner).header("ETag");

        assertThat(send("DELETE", "/v1/orgs/etag-group/groups/auditors", null, owner, null).status()).isEqualTo(204);
        api().post("/v1/orgs/etag-group/groups", "{\"id\":\"auditors\",\"permissions\":[\"events:read\"]}", owner);

        Api.Reply stale = send("PATCH", "/v1/orgs/etag-group/groups/auditors",
                "{\"permissions\":[\"members:read\"]}", owner, former);
        assertThat(stale.status()).as(stale.body()).isEqualTo(412);
        assertThat(api().get("/v1/orgs/etag-group/groups/auditors", owner).json().get("permissions").toString())
                .contains("events:read").doesNotContain("members:read");
    }

    private Api.Reply send(String method, String path, String json, String token, String ifMatch) {
        HttpRequest.Builder request = api().request(path, token).method(method, json == null
                ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        return api().send(ifMatch == null ? request : request.header("If-Match", ifMatch));
    }
}
