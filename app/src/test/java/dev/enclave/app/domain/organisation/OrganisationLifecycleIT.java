package dev.enclave.app.domain.organisation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.enclave.app.infra.consistency.Findings;
import dev.enclave.app.infra.consistency.Invariants;
import dev.enclave.app.infra.consistency.ViolationKind;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.BigOrganisations;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.Parallel;
import dev.enclave.app.support.SecondInstance;
import dev.enclave.sandbox.gateway.GatewayFaults;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The edges of an organisation's life, raced for real: a removal racing grants to the member, a deletion while its
 * owner's writes still arrive, a second deletion stalled past the organisation's re-creation, and what a deleted
 * organisation's cursors and keys do to its successor. After each, the consistency checker finds nothing.
 */
@MicronautTest(environments = "local")
class OrganisationLifecycleIT extends LocalStackTest {

    private static final Duration PATIENCE = Duration.ofSeconds(60);

    @Override
    protected Map<String, String> settings() {
        return Map.of("enclave.jobs.write-units-per-second", "20000");
    }

    @Test
    void aRemovalRacingTwelveGrants_leavesTheRemovedMemberNoAccess_roundAfterRound() {
        String owner = journeys().organisation("race-grants");
        assertThat(api().post("/v1/orgs/race-grants/services", "{\"id\":\"app\",\"name\":\"App\"}", owner).status())
                .isEqualTo(201);
        for (int round = 0; round < 3; round++) {
            String user = "u" + round;
            journeys().join("race-grants", owner, user);

            List<Integer> statuses = Parallel.run(13, i -> i < 12
                    ? put("/v1/orgs/race-grants/services/app/groups/g" + i + "/members/" + user, owner).status()
                    : delete("/v1/orgs/race-grants/members/" + user, owner).status());

            assertThat(statuses.get(12)).as("the removal").isEqualTo(204);
            assertThat(api().get("/v1/orgs/race-grants/members/" + user, owner).status()).isEqualTo(404);
            for (int group = 0; group < 12; group++) {
                assertThat(access("race-grants", owner, user, "g" + group)).as(user + " in g" + group).isFalse();
            }
        }
        assertThat(findings().violations()).isEmpty();
    }

    @Test
    void aDeletionWhileTheOwnersWritesArrive_leavesNothingOfItToTheSuccessor() {
        String owner = journeys().organisation("busy");
        BigOrganisations.addMembers(platform, tableName, "busy", "m", 150);
        AtomicBoolean deleted = new AtomicBoolean();
        CompletableFuture<Void> writes = CompletableFuture.runAsync(() -> {
            for (int n = 0; !deleted.get() || n < 5; n++) {
                api().post("/v1/orgs/busy/services", "{\"id\":\"s" + n + "\",\"name\":\"S\"}", owner);
                put("/v1/orgs/busy/services/s" + n + "/groups/g/members/m-" + n, owner);
                api().post("/v1/orgs/busy/invitations", "{\"email\":\"late" + n + "@example.com\"}", owner);
            }
        });
        await().atMost(PATIENCE).until(() -> api().get("/v1/orgs/busy/services", owner).json().get("items")
                .size() >= 2);

        assertThat(delete("/v1/orgs/busy", owner).status()).isEqualTo(202);
        deleted.set(true);
        writes.join();
        String outsider = journeys().member("outsider");
        await().atMost(PATIENCE).until(() -> api().post("/v1/orgs", "{\"id\":\"busy\",\"name\":\"New\"}", outsider)
                .status() == 201);

        assertThat(api().get("/v1/orgs/busy/services", outsider).json().get("items")).isEmpty();
        assertThat(api().get("/v1/orgs/busy/invitations", outsider).json().get("items")).isEmpty();
        assertThat(api().get("/v1/orgs/busy/members", outsider).json().findValuesAsText("userId"))
                .containsExactly("outsider");
        assertThat(access("busy", outsider, "m-0", "g")).isFalse();
        assertThat(findings().violations()).isEmpty();
    }

    /**
     * A deletion sent to a second instance reads the organisation, then its transaction stalls (held 3 s by the
     * gateway) while a deletion through the first instance finishes and the organisation is created again: the
     * stalled transaction reaches DynamoDB with what it read of the old incarnation. (Within one instance the
     * stalled transaction would hold the organisation's turn, and the successor would wait for it.)
     */
    @Test
    void aSecondDeletionStalledPastTheReCreation_changesNothingOfTheSuccessor() {
        String owner = journeys().organisation("stalled");
        Api.Reply stale;
        try (SecondInstance other = SecondInstance.start(getProperties())) {
            int metBefore = faults.met();
            faults.inject(new GatewayFaults.Rule(Optional.of("TransactWriteItems"), Optional.of("stalled"),
                    GatewayFaults.Kind.LATENCY, Duration.ofSeconds(3), 1));
            CompletableFuture<Api.Reply> stalled = CompletableFuture.supplyAsync(() -> other.api().send(
                    other.api().request("/v1/orgs/stalled", owner).DELETE()));
            await().atMost(PATIENCE).until(() -> faults.met() > metBefore);

            assertThat(delete("/v1/orgs/stalled", owner).status()).isEqualTo(202);
            await().atMost(PATIENCE).until(() -> api().post("/v1/orgs", "{\"id\":\"stalled\",\"name\":\"Again\"}",
                    owner).status() == 201);
            stale = stalled.join();
        }

        assertThat(stale.status()).as("the stale deletion").isEqualTo(404);
        Api.Reply successor = api().get("/v1/orgs/stalled", owner);
        assertThat(successor.status()).isEqualTo(200);
        assertThat(successor.json().get("name").asText()).isEqualTo("Again");
        assertThat(api().get("/v1/orgs/stalled/members", owner).json().findValuesAsText("userId"))
                .containsExactly("owner-stalled");
        assertThat(findings().violations()).isEmpty();
    }

    @Test
    void aCursorOrAnETagOfTheDeletedOrganisation_isRefusedByItsSuccessor() {
        String owner = journeys().organisation("cursor-again");
        journeys().join("cursor-again", owner, "bob-cursor");
        String cursor = api().get("/v1/orgs/cursor-again/members?limit=1", owner).json().get("nextCursor").asText();
        String etag = api().get("/v1/orgs/cursor-again", owner).header("ETag");
        delete("/v1/orgs/cursor-again", owner);
        await().atMost(PATIENCE).until(() -> api().post("/v1/orgs", "{\"id\":\"cursor-again\",\"name\":\"New\"}",
                owner).status() == 201);

        Api.Reply paged = api().hostile().get("/v1/orgs/cursor-again/members?limit=1&cursor=" + cursor, owner);
        Api.Reply renamed = api().send(api().request("/v1/orgs/cursor-again", owner).header("If-Match", etag)
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"name\":\"Stale\"}")));

        assertThat(paged.status()).isEqualTo(400);
        assertThat(paged.json().get("code").asText()).isEqualTo("invalid-cursor");
        assertThat(renamed.status()).as("the predecessor's ETag").isEqualTo(412);
    }

    @Test
    void aCreateRetriedWithItsKeyAfterTheOrganisationWasDeleted_createsItAgain() {
        String ada = journeys().member("ada-retry");
        String body = "{\"id\":\"retry-again\",\"name\":\"Retry\"}";
        assertThat(keyed(body, ada).status()).isEqualTo(201);
        delete("/v1/orgs/retry-again", ada);
        await().atMost(PATIENCE).until(() -> api().get("/v1/orgs/retry-again", ada).status() == 404
                && partition("retry-again").isEmpty());

        Api.Reply retried = keyed(body, ada);

        assertThat(retried.status()).as(retried.body()).isEqualTo(201);
        assertThat(api().get("/v1/orgs/retry-again", ada).status()).isEqualTo(200);
    }

    /**
     * A keyed request of the deleted organisation finishes late: its last write to its idempotency record (the
     * answer kept, or the claim given up) is held 5 s by the gateway while the organisation is deleted, created
     * again, and the same caller sends the same key and body to the successor. The late write touches nothing of
     * the successor's record: a retry is given the successor's answer.
     */
    @Test
    void aKeyedRequestOfTheDeletedOrganisationFinishingLate_leavesTheSuccessorsRecordAlone() {
        for (String operation : List.of("UpdateItem", "DeleteItem")) {
            String org = "late-" + operation.toLowerCase(java.util.Locale.ROOT).replace("item", "");
            String owner = journeys().organisation(org);
            String invitee = "UpdateItem".equals(operation) ? "bob@example.com" : "owner-" + org + "@example.com";
            String body = "{\"email\":\"" + invitee + "\"}";
            int metBefore = faults.met();
            faults.inject(new GatewayFaults.Rule(Optional.of(operation), Optional.of(org), GatewayFaults.Kind.LATENCY,
                    Duration.ofSeconds(5), 1));
            CompletableFuture<Api.Reply> late = CompletableFuture.supplyAsync(
                    () -> keyed("/v1/orgs/" + org + "/invitations", body, "k-late", owner));
            await().atMost(PATIENCE).until(() -> faults.met() > metBefore);

            assertThat(delete("/v1/orgs/" + org, owner).status()).isEqualTo(202);
            await().atMost(PATIENCE).until(() -> api().post("/v1/orgs", "{\"id\":\"" + org + "\",\"name\":\"Again\"}",
                    owner).status() == 201);
            Api.Reply successors = keyed("/v1/orgs/" + org + "/invitations", "{\"email\":\"carl@example.com\"}",
                    "k-late", owner);
            late.join();
            Api.Reply retried = keyed("/v1/orgs/" + org + "/invitations", "{\"email\":\"carl@example.com\"}",
                    "k-late", owner);

            assertThat(successors.status()).as(operation).isEqualTo(201);
            assertThat(retried.status()).as(operation + ": " + retried.body()).isEqualTo(201);
            assertThat(retried.header("Idempotent-Replayed")).as(operation).isEqualTo("true");
            assertThat(retried.json().get("token")).as(operation).isEqualTo(successors.json().get("token"));
        }
        assertThat(findings().violations()).isEmpty();
    }

    /**
     * A rename's job of the deleted organisation is held 5 s reading its first page of memberships while the
     * organisation is deleted, created again by an outsider and renamed, and the successor's own rename job is held
     * reading its first page until after the stale walk goes on: the stale walk writes none of the old name into the
     * successor's memberships, and finishes none of the successor's job.
     */
    @Test
    void aRenameJobOfTheDeletedOrganisationFinishingLate_leavesTheSuccessorsNameAlone() {
        String owner = journeys().organisation("late-rename");
        journeys().join("late-rename", owner, "bob-late-rename");
        int metBefore = faults.met();
        faults.inject(new GatewayFaults.Rule(Optional.of("Query"), Optional.of("late-rename"),
                GatewayFaults.Kind.LATENCY, Duration.ofSeconds(5), 1));
        assertThat(rename("late-rename", owner, "Old Life").status()).isEqualTo(200);
        await().atMost(PATIENCE).until(() -> faults.met() > metBefore);
        Instant staleWalkGoesOn = Instant.now().plusSeconds(5);

        assertThat(delete("/v1/orgs/late-rename", owner).status()).isEqualTo(202);
        String outsider = journeys().member("outsider-late-rename");
        await().atMost(PATIENCE).until(() -> api().post("/v1/orgs", "{\"id\":\"late-rename\",\"name\":\"New\"}",
                outsider).status() == 201);
        faults.inject(new GatewayFaults.Rule(Optional.of("Query"), Optional.of("late-rename"),
                GatewayFaults.Kind.LATENCY, Duration.ofSeconds(6), 1));
        assertThat(rename("late-rename", outsider, "Good").status()).isEqualTo(200);
        assertThat(Instant.now()).as("the successor renamed while the stale walk was held").isBefore(staleWalkGoesOn);
        await().atMost(PATIENCE).until(() -> Instant.now().isAfter(staleWalkGoesOn.plusSeconds(1))
                && api().get("/v1/orgs/late-rename", outsider).json().get("jobs").isEmpty());

        await().atMost(PATIENCE).untilAsserted(() -> assertThat(api().get("/v1/me/orgs", outsider).json()
                .findValuesAsText("name")).containsExactly("Good"));
        assertThat(partition("late-rename").stream().filter(item -> item.get("SK").s().startsWith("MEMBER#"))
                .map(item -> item.get("orgName").s())).containsExactly("Good");
        assertThat(findings().violations()).isEmpty();
    }

    private Api.Reply rename(String org, String owner, String name) {
        String etag = api().get("/v1/orgs/" + org, owner).header("ETag");
        return api().send(api().request("/v1/orgs/" + org, owner).header("If-Match", etag)
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"name\":\"" + name + "\"}")));
    }

    /**
     * An owner's group grant, sent to a second instance and decided there for the organisation as it was, stalls
     * 5 s in its transaction while the organisation is deleted, created again by the same owner, and the grantee
     * joins the successor: the stale grant makes nobody an admin of the successor.
     */
    @Test
    void aGroupGrantDecidedForTheDeletedOrganisation_grantsNothingInTheSuccessor() {
        String owner = journeys().organisation("stale-grant");
        journeys().join("stale-grant", owner, "bob-stale-grant");
        Api.Reply stale;
        try (SecondInstance other = SecondInstance.start(getProperties())) {
            int metBefore = faults.met();
            faults.inject(new GatewayFaults.Rule(Optional.of("TransactWriteItems"), Optional.of("stale-grant"),
                    GatewayFaults.Kind.LATENCY, Duration.ofSeconds(5), 1));
            CompletableFuture<Api.Reply> stalled = CompletableFuture.supplyAsync(() -> other.api().send(
                    other.api().request("/v1/orgs/stale-grant/members/bob-stale-grant/groups/admin", owner)
                            .PUT(HttpRequest.BodyPublishers.noBody())));
            await().atMost(PATIENCE).until(() -> faults.met() > metBefore);
            Instant staleGoesOn = Instant.now().plusSeconds(5);

            assertThat(delete("/v1/orgs/stale-grant", owner).status()).isEqualTo(202);
            await().atMost(PATIENCE).until(() -> api().post("/v1/orgs", "{\"id\":\"stale-grant\",\"name\":\"Again\"}",
                    owner).status() == 201);
            journeys().join("stale-grant", owner, "bob-stale-grant");
            assertThat(Instant.now()).as("the successor was set up while the grant was held").isBefore(staleGoesOn);
            stale = stalled.join();
        }

        assertThat(stale.status()).as(stale.body()).isIn(403, 404);
        assertThat(api().get("/v1/orgs/stale-grant/members/bob-stale-grant", owner).json().get("groups"))
                .extracting(com.fasterxml.jackson.databind.JsonNode::asText).containsExactly("member");
        assertThat(findings().violations()).isEmpty();
    }

    /**
     * An owner's deletion of a service, sent to a second instance and decided there for the organisation as it was,
     * stalls 5 s in its transaction while the organisation is deleted, created again, and given a service of the
     * same id: the stale deletion leaves the successor's service alone.
     */
    @Test
    void aServiceDeletionDecidedForTheDeletedOrganisation_leavesTheSuccessorsServiceAlone() {
        String owner = journeys().organisation("stale-service");
        String service = "{\"id\":\"payroll\",\"name\":\"Payroll\"}";
        assertThat(api().post("/v1/orgs/stale-service/services", service, owner).status()).isEqualTo(201);
        Api.Reply stale;
        try (SecondInstance other = SecondInstance.start(getProperties())) {
            int metBefore = faults.met();
            faults.inject(new GatewayFaults.Rule(Optional.of("TransactWriteItems"), Optional.of("stale-service"),
                    GatewayFaults.Kind.LATENCY, Duration.ofSeconds(5), 1));
            CompletableFuture<Api.Reply> stalled = CompletableFuture.supplyAsync(() -> other.api().send(
                    other.api().request("/v1/orgs/stale-service/services/payroll", owner).DELETE()));
            await().atMost(PATIENCE).until(() -> faults.met() > metBefore);
            Instant staleGoesOn = Instant.now().plusSeconds(5);

            assertThat(delete("/v1/orgs/stale-service", owner).status()).isEqualTo(202);
            await().atMost(PATIENCE).until(() -> api().post("/v1/orgs",
                    "{\"id\":\"stale-service\",\"name\":\"Again\"}", owner).status() == 201);
            assertThat(api().post("/v1/orgs/stale-service/services", service, owner).status()).isEqualTo(201);
            assertThat(Instant.now()).as("the successor was set up while the deletion was held").isBefore(staleGoesOn);
            stale = stalled.join();
        }

        assertThat(stale.status()).as(stale.body()).isEqualTo(404);
        assertThat(api().get("/v1/orgs/stale-service/services/payroll", owner).status()).isEqualTo(200);
        assertThat(findings().violations()).isEmpty();
    }

    private Api.Reply keyed(String path, String body, String key, String token) {
        return api().send(api().request(path, token).header("Idempotency-Key", key)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private Api.Reply keyed(String body, String token) {
        return api().send(api().request("/v1/orgs", token).header("Idempotency-Key", "create-once")
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private boolean access(String org, String token, String user, String group) {
        return api().get("/v1/orgs/" + org + "/members/" + user + "/access?service=app&group=" + group, token)
                .json().get("allowed").asBoolean()
                || partition(org).stream().anyMatch(item -> item.get("SK").s().startsWith("SVCGROUP#")
                && item.get("SK").s().contains("#" + group + "#MEMBER#")
                && item.containsKey("userId") && item.get("userId").s().equals(user));
    }

    private Api.Reply put(String path, String token) {
        return api().send(api().request(path, token).PUT(HttpRequest.BodyPublishers.noBody()));
    }

    private Api.Reply delete(String path, String token) {
        return api().send(api().request(path, token).DELETE());
    }

    private Findings findings() {
        Findings findings = Invariants.check(platform.scanPaginator(b -> b.tableName(tableName).consistentRead(true))
                .items().stream());
        assertThat(findings.violations()).noneMatch(v -> v.kind() == ViolationKind.DEAD_INCARNATION);
        return findings;
    }

    private List<Map<String, AttributeValue>> partition(String org) {
        return platform.queryPaginator(b -> b.tableName(tableName).keyConditionExpression("PK = :pk")
                .consistentRead(true).expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("TENANT#" + org
                        + "#")))).items().stream().toList();
    }
}
