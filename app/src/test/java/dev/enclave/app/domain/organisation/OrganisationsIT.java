package dev.enclave.app.domain.organisation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.infra.consistency.Invariants;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.MembershipFixtures;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

@MicronautTest(environments = "local")
class OrganisationsIT extends LocalStackTest {

    @Test
    void create_bySignedInUser_makesTheCallerItsOwner() {
        String ada = tokens().mint("ada", "ada@example.com");

        Api.Reply created = api().post("/v1/orgs", "{\"id\":\"org-create\",\"name\":\"Create Ltd\"}", ada);

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.header("Location")).isEqualTo("/v1/orgs/org-create");
        assertThat(created.header("ETag")).matches("\"[a-z0-9]{1,16}\\.v1\"");
        assertThat(created.json().get("jobs")).isEmpty();
        assertThat(created.json().get("name").asText()).isEqualTo("Create Ltd");
        Api.Reply members = api().get("/v1/orgs/org-create/members", ada);
        assertThat(members.json().at("/items/0/userId").asText()).isEqualTo("ada");
        assertThat(members.json().at("/items/0/groups")).extracting(JsonNode::asText)
                .containsExactlyInAnyOrder("owner", "member");
        indexesCaughtUp();
        assertThat(api().get("/v1/me/orgs", ada).json().findValuesAsText("organisation")).contains("org-create");
        assertThat(api().get("/v1/me/orgs", ada).json().findValuesAsText("name")).contains("Create Ltd");
    }

    @Test
    void create_whenIdIsTaken_isConflictAndChangesNothing() {
        String ada = tokens().mint("ada", "ada@example.com");
        String bob = tokens().mint("bob", "bob@example.com");
        api().post("/v1/orgs", "{\"id\":\"org-taken\",\"name\":\"First\"}", ada);

        Api.Reply second = api().post("/v1/orgs", "{\"id\":\"org-taken\",\"name\":\"Second\"}", bob);

        assertThat(second.status()).isEqualTo(409);
        assertThat(second.json().get("code").asText()).isEqualTo("organisation-exists");
        assertThat(api().get("/v1/orgs/org-taken", ada).json().get("name").asText()).isEqualTo("First");
        assertThat(api().get("/v1/orgs/org-taken", bob).status()).isEqualTo(404);
    }

    @Test
    void create_withInvalidId_isValidationProblem() {
        Api.Reply reply = api().hostile().post("/v1/orgs", "{\"id\":\"Org*1\",\"name\":\"x\"}",
                tokens().mint("ada", "a@x.io"));

        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.json().get("code").asText()).isEqualTo("validation-failed");
    }

    @Test
    void create_withTokenBoundToAnotherTenant_isForbidden() {
        String bound = tokens().mint("{\"sub\":\"ada\",\"email\":\"a@x.io\",\"tenant\":\"other-org\"}");

        Api.Reply reply = api().post("/v1/orgs", "{\"id\":\"org-bound\",\"name\":\"x\"}", bound);

        assertThat(reply.status()).isEqualTo(403);
        assertThat(reply.json().get("code").asText()).isEqualTo("tenant-mismatch");
    }

    @Test
    void create_replayedWithTheSameIdempotencyKey_answersTheSame() {
        String ada = tokens().mint("ada", "ada@example.com");
        HttpRequest.Builder create = api().request("/v1/orgs", ada).header("Content-Type", "application/json")
                .header("Idempotency-Key", "create-once-1")
                .POST(HttpRequest.BodyPublishers.ofString("{\"id\":\"org-idem\",\"name\":\"Once\"}"));

        Api.Reply first = api().send(create);
        Api.Reply replay = api().send(create);

        assertThat(first.status()).isEqualTo(201);
        assertThat(replay.status()).isEqualTo(201);
        assertThat(api().get("/v1/orgs/org-idem/members", ada).json().get("items")).hasSize(1);
    }

    @Test
    void create_ofTheCallersOwnOrganisation_underAnotherIdempotencyKey_isTaken_notCreatedAgain() {
        String ada = tokens().mint("ada", "ada@example.com");
        Api.Reply first = createWithKey(ada, "org-twice", "first-key");

        Api.Reply again = createWithKey(ada, "org-twice", "another-key");
        Api.Reply unkeyed = api().post("/v1/orgs", "{\"id\":\"org-twice\",\"name\":\"Twice\"}", ada);
        Api.Reply retried = createWithKey(ada, "org-twice", "first-key");

        assertThat(first.status()).isEqualTo(201);
        assertThat(again.status()).as("another request: the id is taken, it was not created now").isEqualTo(409);
        assertThat(again.json().get("code").asText()).isEqualTo("organisation-exists");
        assertThat(unkeyed.status()).isEqualTo(409);
        assertThat(retried.status()).as("the founding request, retried").isEqualTo(201);
        assertThat(Invariants.check(platform.scanPaginator(b -> b.tableName(tableName).consistentRead(true))
                .items().stream()).violations()).as("the founding request's record is an item the checker knows")
                .noneMatch(violation -> violation.tenant().equals("org-twice"));
    }

    @Test
    void create_retriedAfterARename_isStillTheFoundingRequest_answeredAsTheOrganisationIsNow() {
        String ada = tokens().mint("ada", "ada@example.com");
        assertThat(createWithKey(ada, "org-renamed-since", "founding-key").status()).isEqualTo(201);
        assertThat(api().send(api().request("/v1/orgs/org-renamed-since", ada).header("If-Match", "*")
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"name\":\"Renamed\"}"))).status())
                .isEqualTo(200);

        Api.Reply retried = createWithKey(ada, "org-renamed-since", "founding-key");

        assertThat(retried.status()).as(retried.body()).isEqualTo(201);
        assertThat(retried.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(retried.json().get("name").asText()).isEqualTo("Renamed");
    }

    private Api.Reply createWithKey(String token, String id, String key) {
        return api().send(api().request("/v1/orgs", token).header("Content-Type", "application/json")
                .header("Idempotency-Key", key).POST(HttpRequest.BodyPublishers.ofString("{\"id\":\"" + id
                        + "\",\"name\":\"Twice\"}")));
    }

    @Test
    void create_withAReusedIdempotencyKeyForAnotherBody_isUnprocessable() {
        String ada = tokens().mint("ada", "ada@example.com");
        api().send(api().request("/v1/orgs", ada).header("Content-Type", "application/json")
                .header("Idempotency-Key", "reused-key-1")
                .POST(HttpRequest.BodyPublishers.ofString("{\"id\":\"org-reuse\",\"name\":\"One\"}")));

        Api.Reply other = api().send(api().request("/v1/orgs", ada).header("Content-Type", "application/json")
                .header("Idempotency-Key", "reused-key-1")
                .POST(HttpRequest.BodyPublishers.ofString("{\"id\":\"org-reuse\",\"name\":\"Two\"}")));

        assertThat(other.status()).isEqualTo(422);
        assertThat(other.json().get("code").asText()).isEqualTo("idempotency-key-reused");
        assertThat(api().get("/v1/orgs/org-reuse", ada).json().get("name").asText()).isEqualTo("One");
    }

    @Test
    void get_byNonMember_isNotFoundLikeAMissingOrganisation() {
        String ada = tokens().mint("ada", "ada@example.com");
        String eve = tokens().mint("eve", "eve@example.com");
        api().post("/v1/orgs", "{\"id\":\"org-private\",\"name\":\"Private\"}", ada);

        Api.Reply existing = api().get("/v1/orgs/org-private", eve);
        Api.Reply missing = api().get("/v1/orgs/org-nowhere", eve);

        assertThat(existing.status()).isEqualTo(404);
        assertThat(missing.status()).isEqualTo(404);
        assertThat(existing.json().get("detail")).isEqualTo(missing.json().get("detail"));
    }

    @Test
    void get_withTokenBoundToAnotherTenant_isForbidden() {
        String ada = tokens().mint("ada", "ada@example.com");
        api().post("/v1/orgs", "{\"id\":\"org-claim\",\"name\":\"Claim\"}", ada);
        String bound = tokens().mint("{\"sub\":\"ada\",\"email\":\"ada@example.com\",\"tenant\":\"org-other\"}");

        assertThat(api().get("/v1/orgs/org-claim", bound).status()).isEqualTo(403);
    }

    @Test
    void rename_withCurrentETag_renamesAndMovesTheETag() {
        String ada = tokens().mint("ada", "ada@example.com");
        String v1 = api().post("/v1/orgs", "{\"id\":\"org-rename\",\"name\":\"Old\"}", ada).header("ETag");

        Api.Reply renamed = patch("/v1/orgs/org-rename", "{\"name\":\"New\"}", ada, v1);

        assertThat(renamed.status()).isEqualTo(200);
        assertThat(renamed.header("ETag")).isEqualTo(v1.replace(".v1", ".v2"));
        assertThat(api().get("/v1/orgs/org-rename", ada).json().get("name").asText()).isEqualTo("New");
    }

    @Test
    void rename_reachesEveryMembersOwnList_acrossMoreMembersThanOneTransactionHolds() {
        String ada = tokens().mint("ren-ada", "ren-ada@example.com");
        String v1 = api().post("/v1/orgs", "{\"id\":\"org-rename-all\",\"name\":\"Old\"}", ada).header("ETag");
        for (int i = 0; i < 150; i++) {
            MembershipFixtures.add(platform, tableName, "org-rename-all", "user-" + i, GroupName.MEMBER);
        }

        assertThat(patch("/v1/orgs/org-rename-all", "{\"name\":\"New\"}", ada, v1).status()).isEqualTo(200);

        await().atMost(Duration.ofSeconds(30)).until(() -> api().get("/v1/orgs/org-rename-all", ada).json()
                .get("jobs").isEmpty());
        indexesCaughtUp();
        assertThat(api().get("/v1/me/orgs", ada).json().findValuesAsText("name")).containsExactly("New");
        assertThat(api().get("/v1/me/orgs", tokens().mint("user-149", "u149@example.com")).json()
                .findValuesAsText("name")).containsExactly("New");
        assertThat(platform.query(b -> b.tableName(tableName).keyConditionExpression("PK = :pk AND begins_with(SK, :m)")
                        .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("TENANT#org-rename-all#"),
                                ":m", AttributeValue.fromS("MEMBER#")))).items())
                .hasSize(151).allSatisfy(item -> assertThat(item.get("orgName").s()).isEqualTo("New"));
    }

    @Test
    void rename_withStaleETag_isPreconditionFailedAndChangesNothing() {
        String ada = tokens().mint("ada", "ada@example.com");
        String v1 = api().post("/v1/orgs", "{\"id\":\"org-stale\",\"name\":\"Old\"}", ada).header("ETag");
        patch("/v1/orgs/org-stale", "{\"name\":\"Newer\"}", ada, v1);

        Api.Reply stale = patch("/v1/orgs/org-stale", "{\"name\":\"Lost update\"}", ada, v1);

        assertThat(stale.status()).isEqualTo(412);
        assertThat(stale.json().get("code").asText()).isEqualTo("version-mismatch");
        assertThat(api().get("/v1/orgs/org-stale", ada).json().get("name").asText()).isEqualTo("Newer");
    }

    @Test
    void rename_withIfMatchStar_renamesAnyCurrentVersion_perRfc9110() {
        String ada = tokens().mint("ada", "ada@example.com");
        String v1 = api().post("/v1/orgs", "{\"id\":\"org-star\",\"name\":\"Old\"}", ada).header("ETag");
        patch("/v1/orgs/org-star", "{\"name\":\"Second\"}", ada, v1);

        Api.Reply renamed = patch("/v1/orgs/org-star", "{\"name\":\"Third\"}", ada, "*");

        assertThat(renamed.status()).isEqualTo(200);
        assertThat(renamed.header("ETag")).isEqualTo(v1.replace(".v1", ".v3"));
        assertThat(patch("/v1/orgs/org-nowhere", "{\"name\":\"X\"}", ada, "*").status()).isEqualTo(404);
    }

    @Test
    void rename_withAListOfETags_matchesAnyStrongOne_andWeakTagsNever() {
        String ada = tokens().mint("ada", "ada@example.com");
        String v1 = api().post("/v1/orgs", "{\"id\":\"org-list\",\"name\":\"Old\"}", ada).header("ETag");
        String v7 = v1.replace(".v1", ".v7");

        assertThat(patch("/v1/orgs/org-list", "{\"name\":\"Weak\"}", ada, "W/" + v1).status()).isEqualTo(412);
        assertThat(patch("/v1/orgs/org-list", "{\"name\":\"Old tag\"}", ada, "\"v1\"").status()).isEqualTo(412);
        assertThat(patch("/v1/orgs/org-list", "{\"name\":\"Listed\"}", ada, v7 + ", " + v1).status())
                .isEqualTo(200);
        assertThat(patch("/v1/orgs/org-list", "{\"name\":\"Garbage\"}", ada, "v2").status()).isEqualTo(412);
        assertThat(api().get("/v1/orgs/org-list", ada).json().get("name").asText()).isEqualTo("Listed");
    }

    @Test
    void rename_withoutIfMatch_isPreconditionRequired() {
        String ada = tokens().mint("ada", "ada@example.com");
        api().post("/v1/orgs", "{\"id\":\"org-nomatch\",\"name\":\"Old\"}", ada);

        Api.Reply unconditional = api().hostile().send(api().request("/v1/orgs/org-nomatch", ada)
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"name\":\"New\"}")));

        assertThat(unconditional.status()).isEqualTo(428);
    }

    @Test
    void rename_byPlainMember_isForbidden() {
        String ada = tokens().mint("ada", "ada@example.com");
        api().post("/v1/orgs", "{\"id\":\"org-roles\",\"name\":\"Old\"}", ada);
        MembershipFixtures.add(platform, tableName, "org-roles", "carl", GroupName.MEMBER);

        Api.Reply reply = patch("/v1/orgs/org-roles", "{\"name\":\"Mine\"}", tokens().mint("carl", "c@x.io"), "*");

        assertThat(reply.status()).isEqualTo(403);
        assertThat(reply.json().get("code").asText()).isEqualTo("missing-role");
    }

    @Test
    void delete_byTheOwner_removesTheOrganisationEverythingInItAndItsMembersViews() {
        String ada = tokens().mint("ada", "ada@example.com");
        api().post("/v1/orgs", "{\"id\":\"org-delete\",\"name\":\"Gone\"}", ada);
        for (int i = 0; i < 30; i++) {
            MembershipFixtures.add(platform, tableName, "org-delete", "user-" + i, GroupName.MEMBER);
        }
        MembershipFixtures.add(platform, tableName, "org-delete", "carl", GroupName.ADMIN);

        Api.Reply byAdmin = api().send(api().request("/v1/orgs/org-delete", tokens().mint("carl", "c@x.io")).DELETE());
        Api.Reply byOwner = api().send(api().request("/v1/orgs/org-delete", ada).DELETE());

        assertThat(byAdmin.status()).isEqualTo(403);
        assertThat(byOwner.status()).isEqualTo(202);
        assertThat(api().get("/v1/orgs/org-delete", ada).status()).isEqualTo(404);
        await().atMost(Duration.ofSeconds(30)).until(() -> platform.query(b -> b.tableName(tableName)
                .keyConditionExpression("PK = :pk").consistentRead(true)
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("TENANT#org-delete#")))).count() == 0);
        indexesCaughtUp();
        assertThat(api().get("/v1/me/orgs", ada).json().findValuesAsText("organisation")).doesNotContain("org-delete");
        assertThat(platform.query(b -> b.tableName(tableName).keyConditionExpression("PK = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("TENANT#org-delete#"))))
                .count()).isZero();
        assertThat(api().post("/v1/orgs", "{\"id\":\"org-delete\",\"name\":\"Again\"}", ada).status())
                .as("the id is free again").isEqualTo(201);
    }

    @Test
    void members_pagedWithCursors_returnEveryMemberOnce() {
        String ada = tokens().mint("ada", "ada@example.com");
        api().post("/v1/orgs", "{\"id\":\"org-pages\",\"name\":\"Pages\"}", ada);
        for (int i = 0; i < 5; i++) {
            MembershipFixtures.add(platform, tableName, "org-pages", "user-" + i, GroupName.MEMBER);
        }

        Set<String> seen = new HashSet<>();
        String cursor = null;
        int pages = 0;
        do {
            Api.Reply page = api().get("/v1/orgs/org-pages/members?limit=2"
                    + (cursor == null ? "" : "&cursor=" + cursor), ada);
            assertThat(page.status()).as(page.body()).isEqualTo(200);
            assertThat(page.json().has("items")).as(page.body()).isTrue();
            page.json().get("items").forEach(item -> assertThat(seen.add(item.get("userId").asText())).isTrue());
            cursor = page.json().hasNonNull("nextCursor") ? page.json().get("nextCursor").asText() : null;
            pages++;
        } while (cursor != null && pages < 10);

        assertThat(seen).hasSize(6);
    }

    @Test
    void members_withTamperedOrForeignCursor_isInvalidCursor() {
        String ada = tokens().mint("ada", "ada@example.com");
        api().post("/v1/orgs", "{\"id\":\"org-cursor-a\",\"name\":\"A\"}", ada);
        api().post("/v1/orgs", "{\"id\":\"org-cursor-b\",\"name\":\"B\"}", ada);
        MembershipFixtures.add(platform, tableName, "org-cursor-a", "x1", GroupName.MEMBER);
        MembershipFixtures.add(platform, tableName, "org-cursor-a", "x2", GroupName.MEMBER);
        String cursor = api().get("/v1/orgs/org-cursor-a/members?limit=1", ada).json().get("nextCursor").asText();

        Api.Reply foreign = api().get("/v1/orgs/org-cursor-b/members?cursor=" + cursor, ada);
        Api.Reply tampered = api().get("/v1/orgs/org-cursor-a/members?cursor=" + cursor.substring(1), ada);

        assertThat(foreign.status()).isEqualTo(400);
        assertThat(foreign.json().get("code").asText()).isEqualTo("invalid-cursor");
        assertThat(tampered.status()).isEqualTo(400);
    }

    private Api.Reply patch(String path, String json, String token, String ifMatch) {
        HttpRequest.Builder request = api().request(path, token).header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString(json));
        if (ifMatch != null) {
            request.header("If-Match", ifMatch);
        }
        return api().send(request);
    }
}
