package dev.enclave.app.edge.web.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Platform admins see their own actions across tenants, newest first; nobody else does. */
@MicronautTest(environments = "local")
class AdminEventsIT extends LocalStackTest {

    @Test
    void adminsActionsAcrossTenants_areListedNewestFirst_pageByPage() {
        String admin = tokens().mint("{\"sub\":\"root\",\"email\":\"root@platform.example\","
                + "\"roles\":[\"platform-admin\"]}");
        String owner = journeys().organisation("adm-ev-a");
        assertThat(api().post("/v1/admin/tenants", "{\"id\":\"adm-ev-b\",\"name\":\"B\",\"ownerEmail\":"
                + "\"olive@example.com\",\"seats\":5}", admin).status()).isEqualTo(201);
        assertThat(api().post("/v1/admin/tenants/adm-ev-a/suspend", "", admin).status()).isEqualTo(204);
        assertThat(api().post("/v1/admin/tenants/adm-ev-b/suspend", "", admin).status()).isEqualTo(204);
        assertThat(api().post("/v1/admin/tenants/adm-ev-a/resume", "", admin).status()).isEqualTo(204);
        indexesCaughtUp();

        List<JsonNode> listed = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = api().get("/v1/admin/events?limit=1" + (cursor == null ? ""
                    : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8)), admin).json();
            page.get("items").forEach(listed::add);
            cursor = page.get("nextCursor").isNull() ? null : page.get("nextCursor").asText();
        } while (cursor != null);

        assertThat(listed).extracting(event -> event.get("type").asText() + " " + event.get("source").asText())
                .containsExactly("organisation.resumed /v1/orgs/adm-ev-a", "organisation.suspended /v1/orgs/adm-ev-b",
                        "organisation.suspended /v1/orgs/adm-ev-a", "invitation.sent /v1/orgs/adm-ev-b",
                        "organisation.created /v1/orgs/adm-ev-b");
        assertThat(listed).allSatisfy(event -> assertThat(event.get("data").get("actor").get("type").asText())
                .isEqualTo("platform_admin"));
        Api.Reply byOwner = api().get("/v1/admin/events", owner);
        assertThat(byOwner.status()).isEqualTo(403);
        assertThat(api().get("/v1/admin/events?cursor=forged", admin).status()).isEqualTo(400);
    }
}
