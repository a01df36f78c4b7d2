package dev.enclave.app.infra.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

@MicronautTest(environments = "local")
class IdempotencyIT extends LocalStackTest {

    @Inject
    MeterRegistry meters;

    @Test
    void keyedPost_readsMembershipAndOrganisationOnce_forTheFilterAndTheController() {
        String owner = organisation("idem-one-read");
        double before = accessReads("/v1/orgs/{org}/services");

        Api.Reply created = post("/v1/orgs/idem-one-read/services", "{\"id\":\"billing\",\"name\":\"Billing\"}",
                owner, "k-once");

        assertThat(created.status()).isEqualTo(201);
        assertThat(accessReads("/v1/orgs/{org}/services")).isEqualTo(before + 1);
    }

    @Test
    void sameKeyAndBody_replaysTheFirstAnswer_andRunsOnce() {
        String owner = organisation("idem-replay");

        Api.Reply first = post("/v1/orgs/idem-replay/invitations", "{\"email\":\"bob@example.com\"}", owner, "k-1");
        Api.Reply again = post("/v1/orgs/idem-replay/invitations", "{\"email\":\"bob@example.com\"}", owner, "k-1");

        assertThat(first.status()).isEqualTo(201);
        assertThat(again.status()).isEqualTo(201);
        assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(again.json().get("token")).isEqualTo(first.json().get("token"));
        assertThat(again.header("Location")).isEqualTo(first.header("Location"));
        indexesCaughtUp();
        assertThat(api().get("/v1/orgs/idem-replay/invitations", owner).json().get("items")).hasSize(1);
        assertThat(api().get("/v1/orgs/idem-replay/invitations?status=superseded", owner).json().get("items")).isEmpty();
    }

    @Test
    void aRetryAfterTheCallerEditedTheirProfile_isGivenTheAnswerAgain() {
        String owner = organisation("idem-profile");

        Api.Reply first = post("/v1/orgs/idem-profile/invitations", "{\"email\":\"bob@example.com\"}", owner, "k-p");
        Api.Reply edited = api().send(api().request("/v1/me", owner).header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"name\":\"Renamed Owner\"}")));
        Api.Reply again = post("/v1/orgs/idem-profile/invitations", "{\"email\":\"bob@example.com\"}", owner, "k-p");

        assertThat(edited.status()).as(edited.body()).isEqualTo(200);
        assertThat(again.status()).as(again.body()).isEqualTo(201);
        assertThat(again.header("Idempotent-Replayed")).as("a profile copy moved the membership's version, and nothing"
                + " the caller holds").isEqualTo("true");
        assertThat(again.json().get("token")).isEqualTo(first.json().get("token"));
    }

    @Test
    void keptAnswers_holdNoReadableToken() {
        String owner = organisation("idem-sealed");
        String token = post("/v1/orgs/idem-sealed/invitations", "{\"email\":\"bob@example.com\"}", owner, "k-s")
                .json().get("token").asText();

        List<Map<String, AttributeValue>> records = platform.query(b -> b.tableName(tableName)
                .keyConditionExpression("PK = :pk AND begins_with(SK, :sk)")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("TENANT#idem-sealed#"),
                        ":sk", AttributeValue.fromS("IDEMPOTENCY#")))).items();

        assertThat(records).hasSize(1);
        assertThat(records.get(0).get("responseBody").s()).isNotBlank();
        assertThat(records.get(0).toString()).doesNotContain(token).doesNotContain(token.substring(token.length() - 20))
                .doesNotContain("bob@example.com");
        assertThat(post("/v1/orgs/idem-sealed/invitations", "{\"email\":\"bob@example.com\"}", owner, "k-s")
                .json().get("token").asText()).isEqualTo(token);
    }

    @Test
    void aSealedAnswerMovedToAnotherRecord_isNeverReplayed() {
        String owner = organisation("idem-moved");
        post("/v1/orgs/idem-moved/invitations", "{\"email\":\"bob@example.com\"}", owner, "k-a");
        post("/v1/orgs/idem-moved/invitations", "{\"email\":\"bob@example.com\"}", owner, "k-b");
        List<Map<String, AttributeValue>> records = platform.query(b -> b.tableName(tableName)
                .keyConditionExpression("PK = :pk AND begins_with(SK, :sk)")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("TENANT#idem-moved#"),
                        ":sk", AttributeValue.fromS("IDEMPOTENCY#")))).items();
        Map<String, AttributeValue> moved = new java.util.HashMap<>(records.get(1));
        moved.put("responseBody", records.get(0).get("responseBody"));
        platform.putItem(b -> b.tableName(tableName).item(moved));

        Api.Reply replay = post("/v1/orgs/idem-moved/invitations", "{\"email\":\"bob@example.com\"}", owner,
                records.get(1).get("SK").s().endsWith(sha256("k-a")) ? "k-a" : "k-b");

        assertThat(replay.status()).isEqualTo(422);
        assertThat(replay.json().get("code").asText()).isEqualTo("idempotency-key-reused");
    }

    @Test
    void aClaimItsInstanceDiedHolding_isTakenOverByARetryAfterAMinute_andRunsAgain() {
        String owner = organisation("idem-died");
        String body = "{\"email\":\"bob@example.com\"}";
        String first = post("/v1/orgs/idem-died/invitations", body, owner, "k-died").json().get("token").asText();
        long claimedNow = Instant.now().plus(Duration.ofHours(24)).getEpochSecond();
        unanswered("idem-died", claimedNow - 5);

        Api.Reply whileRunning = post("/v1/orgs/idem-died/invitations", body, owner, "k-died");
        unanswered("idem-died", claimedNow - 90);
        Api.Reply afterItDied = post("/v1/orgs/idem-died/invitations", body, owner, "k-died");

        assertThat(whileRunning.status()).as("claimed 5 s ago: still running, perhaps").isEqualTo(409);
        assertThat(afterItDied.status()).as("claimed 90 s ago, never answered: " + afterItDied.body())
                .isEqualTo(201);
        assertThat(afterItDied.header("Idempotent-Replayed")).isNull();
        assertThat(afterItDied.json().get("token").asText()).isNotEqualTo(first);
        indexesCaughtUp();
        assertThat(api().get("/v1/orgs/idem-died/invitations", owner).json().get("items"))
                .as("the run again supersedes the invitation whose answer never came").hasSize(1);
        assertThat(post("/v1/orgs/idem-died/invitations", body, owner, "k-died").header("Idempotent-Replayed"))
                .as("the run again's answer is kept").isEqualTo("true");
    }

    /** Makes the organisation's one idempotency record a claim with no answer, made when {@code expiresAt} says. */
    private void unanswered(String org, long expiresAt) {
        Map<String, AttributeValue> record = new java.util.HashMap<>(platform.query(b -> b.tableName(tableName)
                .consistentRead(true).keyConditionExpression("PK = :pk AND begins_with(SK, :sk)")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("TENANT#" + org + "#"),
                        ":sk", AttributeValue.fromS("IDEMPOTENCY#")))).items().get(0));
        List.of("responseStatus", "responseType", "responseBody", "responseLocation").forEach(record::remove);
        record.put("expiresAt", AttributeValue.fromN(Long.toString(expiresAt)));
        platform.putItem(b -> b.tableName(tableName).item(record));
    }

    @Test
    void aHugeInvalidBody_isRefusedWithABoundedAnswer_andLeavesNoRecord() {
        String owner = organisation("idem-huge");
        String body = "{\"email\":\"bob@example.com\",\"serviceGroups\":[" + "\"NOT A GROUP\",".repeat(5_000)
                + "\"x\"]}";

        Api.Reply first = post(api().hostile(), "/v1/orgs/idem-huge/invitations", body, owner, "k-h");
        Api.Reply again = post(api().hostile(), "/v1/orgs/idem-huge/invitations", body, owner, "k-h");

        assertThat(first.status()).isEqualTo(400);
        assertThat(first.body().length()).isLessThan(2_000);
        assertThat(again.status()).isEqualTo(400);
        assertThat(again.header("Idempotent-Replayed")).as("refused before a key is claimed").isNull();
        assertThat(platform.query(b -> b.tableName(tableName).keyConditionExpression("PK = :pk AND begins_with(SK, :sk)")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("TENANT#idem-huge#"),
                        ":sk", AttributeValue.fromS("IDEMPOTENCY#")))).items()).isEmpty();
        indexesCaughtUp();
        assertThat(api().get("/v1/orgs/idem-huge/invitations", owner).json().get("items")).isEmpty();
    }

    @Test
    void sameKeyWithAnotherBody_isUnprocessableAndRunsNothing() {
        String owner = organisation("idem-reuse");
        post("/v1/orgs/idem-reuse/invitations", "{\"email\":\"bob@example.com\"}", owner, "k-2");

        Api.Reply reused = post("/v1/orgs/idem-reuse/invitations", "{\"email\":\"eve@example.com\"}", owner, "k-2");

        assertThat(reused.status()).isEqualTo(422);
        assertThat(reused.json().get("code").asText()).isEqualTo("idempotency-key-reused");
        indexesCaughtUp();
        assertThat(api().get("/v1/orgs/idem-reuse/invitations", owner).json().findValuesAsText("email"))
                .containsExactly("bob@example.com");
    }

    @Test
    void keys_belongToTheirCaller() {
        String owner = organisation("idem-callers");
        String token = post("/v1/orgs/idem-callers/invitations", "{\"email\":\"bob@example.com\",\"groups\":[\"admin\"]}",
                owner, null).json().get("token").asText();
        api().post("/v1/invitations/accept", "{\"token\":\"" + token + "\"}", tokens().mint("bob", "bob@example.com"));
        String bob = tokens().mint("bob", "bob@example.com");

        Api.Reply byOwner = post("/v1/orgs/idem-callers/services", "{\"id\":\"a\",\"name\":\"A\"}", owner, "shared");
        Api.Reply byBob = post("/v1/orgs/idem-callers/services", "{\"id\":\"b\",\"name\":\"B\"}", bob, "shared");

        assertThat(byOwner.status()).isEqualTo(201);
        assertThat(byBob.status()).isEqualTo(201);
        assertThat(byBob.header("Idempotent-Replayed")).isNull();
    }

    @Test
    void anAdminDemotedSinceTheFirstRequest_isNotGivenItsAnswerAgain() {
        String owner = organisation("idem-demoted");
        String invited = post("/v1/orgs/idem-demoted/invitations",
                "{\"email\":\"bea@example.com\",\"groups\":[\"admin\"]}", owner, null).json().get("token").asText();
        String bea = tokens().mint("bea", "bea@example.com");
        api().post("/v1/invitations/accept", "{\"token\":\"" + invited + "\"}", bea);
        String body = "{\"email\":\"carl@example.com\",\"groups\":[\"admin\"]}";
        Api.Reply first = post("/v1/orgs/idem-demoted/invitations", body, bea, "k-admin");
        assertThat(api().send(api().request("/v1/orgs/idem-demoted/members/bea/groups/admin", owner)
                .header("If-Match", "*").DELETE()).status()).isEqualTo(200);

        Api.Reply replay = post("/v1/orgs/idem-demoted/invitations", body, bea, "k-admin");

        assertThat(first.status()).isEqualTo(201);
        assertThat(replay.status()).isEqualTo(422);
        assertThat(replay.body()).doesNotContain(first.json().get("token").asText());
        assertThat(replay.header("Idempotent-Replayed")).isNull();
    }

    @Test
    void aMemberWhoseCustomGroupLostThePermission_isNotGivenItsAnswerAgain() {
        String owner = organisation("idem-group");
        assertThat(post("/v1/orgs/idem-group/groups", "{\"id\":\"inviters\",\"permissions\":"
                + "[\"invitations:manage\"]}", owner, null).status()).isEqualTo(201);
        String invited = post("/v1/orgs/idem-group/invitations", "{\"email\":\"bea@example.com\",\"groups\":"
                + "[\"inviters\"]}", owner, null).json().get("token").asText();
        String bea = tokens().mint("bea", "bea@example.com");
        assertThat(api().post("/v1/invitations/accept", "{\"token\":\"" + invited + "\"}", bea).status())
                .isEqualTo(200);
        String body = "{\"email\":\"carl@example.com\"}";
        Api.Reply first = post("/v1/orgs/idem-group/invitations", body, bea, "k-group");
        assertThat(post("/v1/orgs/idem-group/groups", "{\"id\":\"others\",\"permissions\":[]}", owner, null)
                .status()).isEqualTo(201);
        assertThat(post("/v1/orgs/idem-group/invitations", body, bea, "k-group").header("Idempotent-Replayed"))
                .as("a group bea does not hold changed: her answer is given again").isEqualTo("true");
        assertThat(api().send(api().request("/v1/orgs/idem-group/groups/inviters", owner)
                .header("Content-Type", "application/json").method("PATCH", HttpRequest.BodyPublishers.ofString(
                        "{\"permissions\":[]}"))).status()).isEqualTo(200);

        Api.Reply replay = post("/v1/orgs/idem-group/invitations", body, bea, "k-group");

        assertThat(first.status()).isEqualTo(201);
        assertThat(replay.status()).as("the group no longer gives what the request needed").isEqualTo(422);
        assertThat(replay.body()).doesNotContain(first.json().get("token").asText());
    }

    @Test
    void anAdminRemovedAndAddedAgain_isNotGivenTheAnswerOfTheirFormerMembership() {
        String owner = organisation("idem-again");
        String body = "{\"email\":\"carl@example.com\"}";
        String bea = joinAsAdmin(owner);
        Api.Reply first = post("/v1/orgs/idem-again/invitations", body, bea, "k-again");
        assertThat(api().send(api().request("/v1/orgs/idem-again/members/bea", owner).DELETE()).status())
                .isEqualTo(204);
        joinAsAdmin(owner);

        Api.Reply replay = post("/v1/orgs/idem-again/invitations", body, bea, "k-again");

        assertThat(first.status()).isEqualTo(201);
        assertThat(replay.status()).as("the same version of another membership").isEqualTo(422);
        assertThat(replay.header("Idempotent-Replayed")).isNull();
    }

    @Test
    void anOwnershipTransferRetriedWithItsKey_isGivenItsAnswerAgain_thoughItMovedTheCallersOwnMembership() {
        String owner = organisation("idem-transfer");
        journeys().join("idem-transfer", owner, "bob");
        String body = "{\"userId\":\"bob\"}";
        Api.Reply first = post("/v1/orgs/idem-transfer/transfer-ownership", body, owner, "k-transfer");

        Api.Reply retried = post("/v1/orgs/idem-transfer/transfer-ownership", body, owner, "k-transfer");

        assertThat(first.status()).isEqualTo(204);
        assertThat(retried.status()).as(retried.body()).isEqualTo(204);
        assertThat(retried.header("Idempotent-Replayed")).isEqualTo("true");
        assertThat(api().send(api().request("/v1/orgs/idem-transfer/members/owner-idem-transfer/groups/admin", journeys().member("bob")).header("If-Match", "*")
                .PUT(HttpRequest.BodyPublishers.noBody())).status()).isEqualTo(200);
        assertThat(post("/v1/orgs/idem-transfer/transfer-ownership", body, owner, "k-transfer").status())
                .as("their membership moved again since").isEqualTo(422);
    }

    @Test
    void aPermissionCheck_isAnsweredAfreshEveryTime_neverReplayedAfterThePermissionWent() {
        String owner = organisation("idem-check");
        journeys().join("idem-check", owner, "bob");
        assertThat(api().send(api().request("/v1/orgs/idem-check/members/bob/groups/admin", owner)
                .PUT(HttpRequest.BodyPublishers.noBody())).status()).isEqualTo(200);
        String body = "{\"checks\":[{\"userId\":\"bob\",\"permission\":\"members:manage\"}]}";
        Api.Reply first = post("/v1/orgs/idem-check/permissions/check", body, owner, "k-check");
        assertThat(api().send(api().request("/v1/orgs/idem-check/members/bob", owner).DELETE()).status())
                .isEqualTo(204);

        Api.Reply again = post("/v1/orgs/idem-check/permissions/check", body, owner, "k-check");

        assertThat(first.json().get("results").get(0).get("allowed").asBoolean()).isTrue();
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.header("Idempotent-Replayed")).isNull();
        assertThat(again.json().get("results").get(0).get("allowed").asBoolean()).as("bob was removed").isFalse();
        assertThat(post("/v1/orgs/idem-check/permissions/check", "{\"checks\":[{\"permission\":\"org:read\"}]}",
                owner, "k-check").status()).as("the key was never claimed, so another body is no reuse").isEqualTo(200);
    }

    private String joinAsAdmin(String owner) {
        String invited = post("/v1/orgs/idem-again/invitations", "{\"email\":\"bea@example.com\",\"groups\":"
                + "[\"admin\"]}", owner, null).json().get("token").asText();
        String bea = tokens().mint("bea", "bea@example.com");
        assertThat(api().post("/v1/invitations/accept", "{\"token\":\"" + invited + "\"}", bea).status())
                .isEqualTo(200);
        return bea;
    }

    @Test
    void requestsWithNothingToReplay_forbiddenOrOnNoRoute_leaveNoRecord() {
        String owner = organisation("idem-nothing");
        String token = post("/v1/orgs/idem-nothing/invitations", "{\"email\":\"dan@example.com\"}", owner, null)
                .json().get("token").asText();
        String dan = tokens().mint("dan", "dan@example.com");
        api().post("/v1/invitations/accept", "{\"token\":\"" + token + "\"}", dan);

        Api.Reply forbidden = post("/v1/orgs/idem-nothing/services", "{\"id\":\"a\",\"name\":\"A\"}", dan, "k-403");
        Api.Reply noRoute = post(api().hostile(), "/v1/orgs/idem-nothing/no-such-thing", "{}", dan, "k-404");

        assertThat(forbidden.status()).isEqualTo(403);
        assertThat(noRoute.status()).isEqualTo(404);
        assertThat(platform.query(b -> b.tableName(tableName).keyConditionExpression("PK = :pk AND begins_with(SK, :sk)")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("TENANT#idem-nothing#"),
                        ":sk", AttributeValue.fromS("IDEMPOTENCY#")))).items()).isEmpty();
    }

    @Test
    void malformedKey_isBadRequest() {
        String owner = organisation("idem-bad");

        Api.Reply reply = post(api().hostile(), "/v1/orgs/idem-bad/services", "{\"id\":\"a\",\"name\":\"A\"}", owner,
                "two words");

        assertThat(reply.status()).isEqualTo(400);
        assertThat(api().get("/v1/orgs/idem-bad/services", owner).json().get("items")).isEmpty();
    }

    private String organisation(String id) {
        String owner = tokens().mint("owner-" + id, "owner-" + id + "@example.com");
        api().post("/v1/orgs", "{\"id\":\"" + id + "\",\"name\":\"" + id + "\"}", owner);
        return owner;
    }

    private Api.Reply post(String path, String json, String token, String key) {
        return post(api(), path, json, token, key);
    }

    private static Api.Reply post(Api api, String path, String json, String token, String key) {
        HttpRequest.Builder request = api.request(path, token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json));
        if (key != null) {
            request.header("Idempotency-Key", key);
        }
        return api.send(request);
    }

    private static String sha256(String value) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(value.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** BatchGetItem calls made while serving POSTs to {@code uri}: each is one access read. */
    private double accessReads(String uri) {
        return meters.counter("enclave.dynamodb.calls", "operation", "BatchGetItem", "outcome", "ok", "method", "POST",
                "uri", uri).count();
    }
}
