package dev.enclave.app.domain.member;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

@MicronautTest(environments = "local")
class MembersIT extends LocalStackTest {

    @Test
    void leave_asTheLastOwner_isConflictAndChangesNothing() {
        String owner = journeys().organisation("mem-last");

        Api.Reply reply = delete("/v1/orgs/mem-last/members/owner-mem-last", owner);

        assertThat(reply.status()).isEqualTo(409);
        assertThat(reply.json().get("code").asText()).isEqualTo("last-owner");
        assertThat(api().get("/v1/orgs/mem-last", owner).status()).isEqualTo(200);
    }

    @Test
    void revokeOwner_fromTheLastOwner_isConflict() {
        String owner = journeys().organisation("mem-revoke-last");

        Api.Reply reply = delete("/v1/orgs/mem-revoke-last/members/owner-mem-revoke-last/groups/owner", owner);

        assertThat(reply.status()).isEqualTo(409);
        assertThat(reply.json().get("code").asText()).isEqualTo("last-owner");
    }

    @Test
    void revokeOwner_fromSomeoneWhoIsNotAnOwner_changesNothing() {
        String owner = journeys().organisation("mem-not-owner");
        journeys().join("mem-not-owner", owner, "bob");

        Api.Reply reply = delete("/v1/orgs/mem-not-owner/members/bob/groups/owner", owner);

        assertThat(reply.status()).isEqualTo(200);
        assertThat(groups(reply)).doesNotContain("owner");
    }

    @Test
    void ownerLeaves_onceAnotherOwnerExists() {
        String owner = journeys().organisation("mem-handover");
        journeys().join("mem-handover", owner, "bob");

        Api.Reply granted = put("/v1/orgs/mem-handover/members/bob/groups/owner", owner);
        Api.Reply left = delete("/v1/orgs/mem-handover/members/owner-mem-handover", owner);

        assertThat(granted.status()).isEqualTo(200);
        assertThat(groups(granted)).contains("owner");
        assertThat(left.status()).isEqualTo(204);
        assertThat(delete("/v1/orgs/mem-handover/members/bob", journeys().member("bob")).status()).isEqualTo(409);
    }

    @Test
    void ownerLeaves_whenASecondOwnerJoinedByInvitation() {
        String owner = journeys().organisation("mem-invited-owner");
        String token = api().post("/v1/orgs/mem-invited-owner/invitations",
                "{\"email\":\"bob@example.com\",\"groups\":[\"owner\"]}", owner).json().get("token").asText();
        api().post("/v1/invitations/accept", "{\"token\":\"" + token + "\"}", journeys().member("bob"));

        assertThat(delete("/v1/orgs/mem-invited-owner/members/owner-mem-invited-owner", owner).status())
                .isEqualTo(204);
        assertThat(delete("/v1/orgs/mem-invited-owner/members/bob", journeys().member("bob")).status()).isEqualTo(409);
    }

    @Test
    void transferOwnership_movesTheOwnerGroupInOneStep() {
        String owner = journeys().organisation("mem-transfer");
        journeys().join("mem-transfer", owner, "bob");

        Api.Reply transferred = api().post("/v1/orgs/mem-transfer/transfer-ownership", "{\"userId\":\"bob\"}", owner);

        assertThat(transferred.status()).isEqualTo(204);
        assertThat(groups(api().get("/v1/orgs/mem-transfer/members/bob", owner))).contains("owner");
        assertThat(groups(api().get("/v1/orgs/mem-transfer/members/owner-mem-transfer", owner)))
                .doesNotContain("owner");
        assertThat(delete("/v1/orgs/mem-transfer/members/bob", journeys().member("bob")).status()).isEqualTo(409);
    }

    @Test
    void transferOwnership_toACoOwner_handsTheCallersOwnershipOver() {
        String owner = journeys().organisation("mem-coowner");
        journeys().join("mem-coowner", owner, "bob");
        assertThat(put("/v1/orgs/mem-coowner/members/bob/groups/owner", owner).status()).isEqualTo(200);

        Api.Reply transferred = api().post("/v1/orgs/mem-coowner/transfer-ownership", "{\"userId\":\"bob\"}", owner);

        assertThat(transferred.status()).isEqualTo(204);
        assertThat(groups(api().get("/v1/orgs/mem-coowner/members/owner-mem-coowner", owner)))
                .doesNotContain("owner");
        assertThat(delete("/v1/orgs/mem-coowner/members/bob/groups/owner", journeys().member("bob")).status())
                .isEqualTo(409);
    }

    @Test
    void remove_byAnAdmin_takesTheMembershipSeatAndCrossTenantViewAway() {
        String owner = journeys().organisation("mem-remove");
        journeys().join("mem-remove", owner, "bob");

        Api.Reply removed = delete("/v1/orgs/mem-remove/members/bob", owner);

        assertThat(removed.status()).isEqualTo(204);
        assertThat(api().get("/v1/orgs/mem-remove/members/bob", owner).status()).isEqualTo(404);
        assertThat(api().get("/v1/orgs/mem-remove", owner).json().get("members").asInt()).isEqualTo(1);
        indexesCaughtUp();
        assertThat(api().get("/v1/me/orgs", journeys().member("bob")).json().findValuesAsText("organisation"))
                .doesNotContain("mem-remove");
        assertThat(api().get("/v1/orgs/mem-remove", journeys().member("bob")).status()).isEqualTo(404);
        assertThat(journeys().invite("mem-remove", owner, "bob").status()).as("bob can be invited again").isEqualTo(201);
    }

    @Test
    void leave_byAPlainMember_works_butRemovingOthers_isForbidden() {
        String owner = journeys().organisation("mem-leave");
        journeys().join("mem-leave", owner, "bob");
        journeys().join("mem-leave", owner, "carl");

        assertThat(delete("/v1/orgs/mem-leave/members/carl", journeys().member("bob")).status()).isEqualTo(403);
        assertThat(delete("/v1/orgs/mem-leave/members/bob", journeys().member("bob")).status()).isEqualTo(204);
    }

    @Test
    void grantOwner_byAnAdmin_isForbidden() {
        String owner = journeys().organisation("mem-admin");
        journeys().join("mem-admin", owner, "bob");
        put("/v1/orgs/mem-admin/members/bob/groups/admin", owner);
        journeys().join("mem-admin", owner, "carl");

        assertThat(put("/v1/orgs/mem-admin/members/carl/groups/owner", journeys().member("bob")).status()).isEqualTo(403);
        assertThat(put("/v1/orgs/mem-admin/members/carl/groups/support", journeys().member("bob")).status()).isEqualTo(200);
    }

    @Test
    void concurrentGroupEdits_loseNoUpdate() {
        String owner = journeys().organisation("mem-groups");
        journeys().join("mem-groups", owner, "bob");
        List<CompletableFuture<Api.Reply>> edits = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            String group = "team-" + i;
            edits.add(CompletableFuture.supplyAsync(() -> put("/v1/orgs/mem-groups/members/bob/groups/" + group,
                    owner)));
        }

        edits.forEach(edit -> assertThat(edit.join().status()).isEqualTo(200));

        List<String> groups = groups(api().get("/v1/orgs/mem-groups/members/bob", owner));
        for (int i = 0; i < 10; i++) {
            assertThat(groups).contains("team-" + i);
        }
    }

    @Test
    void grantGroup_toSomeoneWhoIsNotAMember_isNotFoundAndCreatesNothing() {
        String owner = journeys().organisation("mem-grant-stranger");

        Api.Reply reply = put("/v1/orgs/mem-grant-stranger/members/stranger/groups/admin", owner);

        assertThat(reply.status()).isEqualTo(404);
        assertThat(reply.json().get("code").asText()).isEqualTo("member-not-found");
        assertThat(api().get("/v1/orgs/mem-grant-stranger/members/stranger", owner).status()).isEqualTo(404);
    }

    @Test
    void grantGroup_twice_answersTheMemberWithTheGroupOnce() {
        String owner = journeys().organisation("mem-grant-twice");
        journeys().join("mem-grant-twice", owner, "bob");

        Api.Reply first = put("/v1/orgs/mem-grant-twice/members/bob/groups/admin", owner);
        Api.Reply second = put("/v1/orgs/mem-grant-twice/members/bob/groups/admin", owner);

        assertThat(first.status()).isEqualTo(200);
        assertThat(second.status()).isEqualTo(200);
        assertThat(groups(second)).containsExactly("admin", "member");
    }

    @Test
    void groupEdits_withIfMatch_applyOnlyToTheVersionRead() {
        String owner = journeys().organisation("mem-if-match");
        journeys().join("mem-if-match", owner, "bob");
        String path = "/v1/orgs/mem-if-match/members/bob";
        String read = api().get(path, owner).header("ETag");

        Api.Reply granted = send(api().request(path + "/groups/billing", owner).header("If-Match", read)
                .PUT(HttpRequest.BodyPublishers.noBody()));
        String afterGrant = api().get(path, owner).header("ETag");
        Api.Reply stale = send(api().request(path + "/groups/support", owner).header("If-Match", read)
                .PUT(HttpRequest.BodyPublishers.noBody()));
        Api.Reply weak = send(api().request(path + "/groups/billing", owner).header("If-Match", "W/" + read)
                .DELETE());
        Api.Reply anyVersion = send(api().request(path + "/groups/billing", owner).header("If-Match", "*").DELETE());

        assertThat(granted.status()).isEqualTo(200);
        assertThat(groups(granted)).containsExactly("billing", "member");
        assertThat(granted.header("ETag")).isNotEqualTo(read).isEqualTo(afterGrant);
        assertThat(stale.status()).isEqualTo(412);
        assertThat(stale.json().get("code").asText()).isEqualTo("version-mismatch");
        assertThat(weak.status()).isEqualTo(412);
        assertThat(anyVersion.status()).isEqualTo(200);
        assertThat(groups(api().get(path, owner))).containsExactly("member");
    }

    @Test
    void groupEdit_withIfMatch_onSomeoneWhoIsNotAMember_isNotFound() {
        String owner = journeys().organisation("mem-if-match-stranger");

        Api.Reply reply = send(api().request("/v1/orgs/mem-if-match-stranger/members/stranger/groups/admin", owner)
                .header("If-Match", "\"v1\"").PUT(HttpRequest.BodyPublishers.noBody()));

        assertThat(reply.status()).isEqualTo(404);
    }

    @Test
    void revokeGroup_fromSomeoneWhoIsNotAMember_isNotFound() {
        String owner = journeys().organisation("mem-revoke-stranger");

        Api.Reply reply = delete("/v1/orgs/mem-revoke-stranger/members/stranger/groups/admin", owner);

        assertThat(reply.status()).isEqualTo(404);
        assertThat(reply.json().get("code").asText()).isEqualTo("member-not-found");
    }

    @Test
    void transferOwnership_toSomeoneWhoIsNotAMember_isNotFoundAndKeepsTheOwner() {
        String owner = journeys().organisation("mem-transfer-stranger");

        Api.Reply reply = api().post("/v1/orgs/mem-transfer-stranger/transfer-ownership", "{\"userId\":\"stranger\"}",
                owner);

        assertThat(reply.status()).isEqualTo(404);
        assertThat(groups(api().get("/v1/orgs/mem-transfer-stranger/members/owner-mem-transfer-stranger", owner)))
                .contains("owner");
    }

    private static List<String> groups(Api.Reply member) {
        List<String> groups = new ArrayList<>();
        member.json().get("groups").forEach(group -> groups.add(group.asText()));
        return groups;
    }

    private Api.Reply send(HttpRequest.Builder request) {
        return api().send(request);
    }

    private Api.Reply delete(String path, String token) {
        return api().send(api().request(path, token).DELETE());
    }

    private Api.Reply put(String path, String token) {
        return api().send(api().request(path, token).PUT(HttpRequest.BodyPublishers.noBody()));
    }
}
