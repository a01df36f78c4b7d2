package dev.enclave.app.domain.invitation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.domain.member.GroupName;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.identity.Email;
import dev.enclave.identity.UserKey;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

@MicronautTest(environments = "local")
class InvitationsIT extends LocalStackTest {

    @Inject
    DynamoDbClient platform;

    @Inject
    Invitations invitations;

    @Test
    void accept_byTheInvitee_grantsTheInvitedGroupsOnlyThen() {
        String owner = organisation("inv-basic");
        JsonNode sent = invite("inv-basic", owner, "Bob@Example.com", "[\"billing\"]").json();
        assertThat(memberIds("inv-basic", owner)).containsExactly("owner-inv-basic");

        Api.Reply accepted = accept(sent.get("token").asText(), bob());

        assertThat(accepted.status()).isEqualTo(200);
        assertThat(accepted.json().get("groups")).extracting(JsonNode::asText)
                .containsExactlyInAnyOrder("billing", "member");
        assertThat(memberIds("inv-basic", owner)).contains("bob");
        assertThat(api().get("/v1/orgs/inv-basic", owner).json().get("members").asInt()).isEqualTo(2);
        indexesCaughtUp();
        assertThat(api().get("/v1/me/orgs", bob()).json().findValuesAsText("organisation")).contains("inv-basic");
    }

    @Test
    void accept_byAnotherAccount_isForbiddenAndTheInvitationStaysUsable() {
        String owner = organisation("inv-wrong");
        String token = invite("inv-wrong", owner, "bob@example.com", "[]").json().get("token").asText();

        Api.Reply wrong = accept(token, tokens().mint("{\"sub\":\"mallory\",\"email\":\"mallory@example.com\"}"));

        assertThat(wrong.status()).isEqualTo(403);
        assertThat(wrong.json().get("code").asText()).isEqualTo("wrong-invitee");
        assertThat(accept(token, bob()).status()).isEqualTo(200);
    }

    @Test
    void accept_withUnverifiedEmail_isForbidden() {
        String owner = organisation("inv-unverified");
        String token = invite("inv-unverified", owner, "bob@example.com", "[]").json().get("token").asText();

        String unverified = tokens().mint(
                "{\"sub\":\"bob\",\"email\":\"bob@example.com\",\"emailVerified\":false}");
        Api.Reply reply = accept(token, unverified);

        assertThat(reply.status()).isEqualTo(403);
        assertThat(reply.json().get("code").asText()).isEqualTo("email-not-verified");
        indexesCaughtUp();
        assertThat(api().get("/v1/me/invitations", unverified).json().get("items")).isEmpty();
        assertThat(api().get("/v1/me/invitations", bob()).json().findValuesAsText("organisation"))
                .contains("inv-unverified");
    }

    @Test
    void accept_twiceBySameUser_answersTheSameMembership() {
        String owner = organisation("inv-twice");
        String token = invite("inv-twice", owner, "bob@example.com", "[]").json().get("token").asText();

        Api.Reply first = accept(token, bob());
        Api.Reply second = accept(token, bob());

        assertThat(second.status()).isEqualTo(200);
        assertThat(second.json()).isEqualTo(first.json());
        assertThat(api().get("/v1/orgs/inv-twice", owner).json().get("members").asInt()).isEqualTo(2);
    }

    @Test
    void accept_afterRevoke_isConflict() {
        String owner = organisation("inv-revoked");
        JsonNode sent = invite("inv-revoked", owner, "bob@example.com", "[]").json();
        Api.Reply revoked = api().post("/v1/orgs/inv-revoked/invitations/" + sent.at("/invitation/id").asText()
                + "/revoke", "", owner);

        Api.Reply reply = accept(sent.get("token").asText(), bob());

        assertThat(revoked.status()).isEqualTo(204);
        assertThat(reply.status()).isEqualTo(409);
        assertThat(reply.json().get("code").asText()).isEqualTo("invitation-not-pending");
        assertThat(memberIds("inv-revoked", owner)).doesNotContain("bob");
    }

    @Test
    void accept_afterExpiry_isGoneAndChangesNothing() {
        String owner = organisation("inv-expired");
        JsonNode sent = invite("inv-expired", owner, "bob@example.com", "[]").json();
        platform.updateItem(b -> b.tableName(tableName).key(invitationKey("inv-expired",
                        sent.at("/invitation/id").asText()))
                .updateExpression("SET validUntil = :past")
                .expressionAttributeValues(Map.of(":past", AttributeValue.fromN("1000"))));

        Api.Reply reply = accept(sent.get("token").asText(), bob());

        assertThat(reply.status()).isEqualTo(410);
        assertThat(memberIds("inv-expired", owner)).doesNotContain("bob");
    }

    @Test
    void reinvite_afterTtlRemovedTheExpiredInvitation_invitesAgain() {
        String owner = organisation("inv-ttl");
        String first = invite("inv-ttl", owner, "bob@example.com", "[]").json().at("/invitation/id").asText();
        platform.deleteItem(b -> b.tableName(tableName).key(invitationKey("inv-ttl", first)));

        Api.Reply again = invite("inv-ttl", owner, "bob@example.com", "[]");

        assertThat(again.status()).as(again.body()).isEqualTo(201);
        assertThat(accept(again.json().get("token").asText(), bob()).status()).isEqualTo(200);
    }

    @Test
    void reinvite_supersedesThePendingInvitation() {
        String owner = organisation("inv-again");
        String oldToken = invite("inv-again", owner, "bob@example.com", "[]").json().get("token").asText();
        String newToken = invite("inv-again", owner, "BOB@example.com", "[\"admin\"]").json().get("token").asText();

        Api.Reply old = accept(oldToken, bob());
        Api.Reply current = accept(newToken, bob());

        assertThat(old.status()).isEqualTo(409);
        assertThat(current.status()).isEqualTo(200);
        assertThat(current.json().get("groups")).extracting(JsonNode::asText)
                .containsExactlyInAnyOrder("admin", "member");
        indexesCaughtUp();
        assertThat(api().get("/v1/orgs/inv-again/invitations?status=superseded", owner).json().get("items")).hasSize(1);
    }

    @Test
    void list_pagesThroughEveryInvitationOfAStatus_newestFirst_withCursorsBoundToTheirList() {
        String owner = organisation("inv-pages");
        List<String> sent = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            sent.add(0, invite("inv-pages", owner, "p" + i + "@example.com", "[]").json().get("invitation")
                    .get("id").asText());
        }

        indexesCaughtUp();
        List<String> listed = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            Api.Reply page = api().get("/v1/orgs/inv-pages/invitations?limit=2"
                    + (cursor == null ? "" : "&cursor=" + cursor), owner);
            assertThat(page.status()).isEqualTo(200);
            page.json().get("items").forEach(item -> listed.add(item.get("id").asText()));
            cursor = page.json().get("nextCursor").isNull() ? null : page.json().get("nextCursor").asText();
            pages++;
        } while (cursor != null && pages < 10);

        assertThat(listed).containsExactlyElementsOf(sent);
        String second = api().get("/v1/orgs/inv-pages/invitations?limit=2", owner).json().get("nextCursor").asText();
        assertThat(api().get("/v1/orgs/inv-pages/invitations?status=revoked&cursor=" + second, owner).json()
                .get("code").asText()).isEqualTo("invalid-cursor");
        String other = organisation("inv-pages-other");
        assertThat(api().get("/v1/orgs/inv-pages-other/invitations?cursor=" + second, other).status()).isEqualTo(400);
        assertThat(api().get("/v1/orgs/inv-pages/invitations?limit=101", owner).status()).isEqualTo(400);
    }

    @Test
    void accept_afterResend_worksOnlyWithTheNewToken() {
        String owner = organisation("inv-resend");
        JsonNode sent = invite("inv-resend", owner, "bob@example.com", "[]").json();
        Api.Reply resent = api().post("/v1/orgs/inv-resend/invitations/" + sent.at("/invitation/id").asText()
                + "/resend", "", owner);

        Api.Reply old = accept(sent.get("token").asText(), bob());
        Api.Reply current = accept(resent.json().get("token").asText(), bob());

        assertThat(resent.status()).isEqualTo(200);
        assertThat(old.status()).isEqualTo(404);
        assertThat(current.status()).isEqualTo(200);
    }

    @Test
    void resend_extendsTheInviteeGuardsTtlWithTheInvitations() {
        String owner = organisation("inv-renew");
        String id = invite("inv-renew", owner, "bob@example.com", "[]").json().at("/invitation/id").asText();
        Map<String, AttributeValue> guardKey = inviteeGuardKey("inv-renew");
        platform.updateItem(b -> b.tableName(tableName).key(guardKey).updateExpression("SET expiresAt = :soon")
                .expressionAttributeValues(Map.of(":soon", AttributeValue.fromN("1000"))));

        assertThat(api().post("/v1/orgs/inv-renew/invitations/" + id + "/resend", "", owner).status()).isEqualTo(200);

        String invitationExpires = platform.getItem(b -> b.tableName(tableName).key(invitationKey("inv-renew", id))
                .consistentRead(true)).item().get("expiresAt").n();
        assertThat(platform.getItem(b -> b.tableName(tableName).key(guardKey).consistentRead(true)).item()
                .get("expiresAt").n()).isEqualTo(invitationExpires);
    }

    private Map<String, AttributeValue> inviteeGuardKey(String org) {
        var guards = platform.query(b -> b.tableName(tableName).consistentRead(true)
                .keyConditionExpression("PK = :pk AND begins_with(SK, :guard)")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("TENANT#" + org + "#"),
                        ":guard", AttributeValue.fromS("INVITEE#")))).items();
        assertThat(guards).hasSize(1);
        return Map.of("PK", guards.get(0).get("PK"), "SK", guards.get(0).get("SK"));
    }

    @Test
    void decline_byTheInvitee_closesItWithoutAMembership() {
        String owner = organisation("inv-decline");
        String token = invite("inv-decline", owner, "bob@example.com", "[]").json().get("token").asText();

        Api.Reply declined = api().post("/v1/invitations/decline", "{\"token\":\"" + token + "\"}", bob());

        assertThat(declined.status()).isEqualTo(204);
        assertThat(accept(token, bob()).status()).isEqualTo(409);
        assertThat(memberIds("inv-decline", owner)).doesNotContain("bob");
        assertThat(invite("inv-decline", owner, "bob@example.com", "[]").status()).as("can be invited again")
                .isEqualTo(201);
    }

    @Test
    void invite_anExistingMember_isConflict() {
        String owner = organisation("inv-member");
        accept(invite("inv-member", owner, "bob@example.com", "[]").json().get("token").asText(), bob());

        Api.Reply reply = invite("inv-member", owner, "bob@example.com", "[]");

        assertThat(reply.status()).isEqualTo(409);
        assertThat(reply.json().get("code").asText()).isEqualTo("already-member");
    }

    @Test
    void invite_whenEverySeatIsTaken_isConflict() {
        String owner = organisation("inv-full");
        setSeats("inv-full", 1);

        Api.Reply reply = invite("inv-full", owner, "bob@example.com", "[]");

        assertThat(reply.status()).isEqualTo(409);
        assertThat(reply.json().get("code").asText()).isEqualTo("seat-limit-reached");
    }

    @Test
    void invite_ofAnOwnerByAnAdmin_isForbidden_andByAMember_isForbidden() {
        String owner = organisation("inv-roles");
        accept(invite("inv-roles", owner, "bob@example.com", "[\"admin\"]").json().get("token").asText(), bob());
        accept(invite("inv-roles", owner, "carl@example.com", "[]").json().get("token").asText(),
                tokens().mint("carl", "carl@example.com"));

        assertThat(invite("inv-roles", bob(), "x@example.com", "[\"owner\"]").status()).isEqualTo(403);
        assertThat(invite("inv-roles", bob(), "x@example.com", "[]").status()).isEqualTo(201);
        assertThat(invite("inv-roles", tokens().mint("carl", "carl@example.com"), "y@example.com", "[]").status())
                .isEqualTo(403);
    }

    @Test
    void accept_inASuspendedOrganisation_isLocked() {
        String owner = organisation("inv-suspended");
        String token = invite("inv-suspended", owner, "bob@example.com", "[]").json().get("token").asText();
        platform.updateItem(b -> b.tableName(tableName).key(orgKey("inv-suspended"))
                .updateExpression("SET #s = :s").expressionAttributeNames(Map.of("#s", "status"))
                .expressionAttributeValues(Map.of(":s", AttributeValue.fromS("SUSPENDED"))));

        assertThat(accept(token, bob()).status()).isEqualTo(423);
    }

    @Test
    void myInvitations_listPendingOnesAcrossOrganisations_untilAccepted() {
        String token = invite("inv-mine", organisation("inv-mine"), "bob@example.com", "[]").json().get("token").asText();

        indexesCaughtUp();
        assertThat(api().get("/v1/me/invitations", bob()).json().findValuesAsText("organisation")).contains("inv-mine");
        accept(token, bob());
        indexesCaughtUp();
        assertThat(api().get("/v1/me/invitations", bob()).json().findValuesAsText("organisation"))
                .doesNotContain("inv-mine");
    }

    @Test
    void fiftyParallelAccepts_ofOneInvitation_makeExactlyOneMembership() throws Exception {
        String owner = organisation("inv-race");
        String token = invite("inv-race", owner, "bob@example.com", "[]").json().get("token").asText();
        String bob = bob();

        List<Api.Reply> replies = inParallel(50, i -> accept(token, bob));

        assertThat(replies).allSatisfy(r -> assertThat(r.status()).as(r.body()).isEqualTo(200));
        assertThat(memberIds("inv-race", owner)).containsExactlyInAnyOrder("owner-inv-race", "bob");
        assertThat(api().get("/v1/orgs/inv-race", owner).json().get("members").asInt()).isEqualTo(2);
    }

    @Test
    void parallelAccepts_ofDifferentInvitations_neverExceedTheSeats() throws Exception {
        String owner = organisation("inv-seats");
        setSeats("inv-seats", 3);
        List<String> tokens = new ArrayList<>();
        List<String> invitees = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            if (i == 2) {
                setSeats("inv-seats", 3);
            }
            tokens.add(invite("inv-seats", owner, "user" + i + "@example.com", "[]").json().get("token").asText());
            invitees.add(tokens().mint("user" + i, "user" + i + "@example.com"));
        }

        List<Integer> statuses = inParallel(6, i -> accept(tokens.get(i), invitees.get(i)).status());

        assertThat(statuses.stream().filter(s -> s == 200)).hasSize(2);
        assertThat(statuses.stream().filter(s -> s != 200)).containsOnly(409);
        assertThat(api().get("/v1/orgs/inv-seats", owner).json().get("members").asInt()).isEqualTo(3);
        assertThat(memberIds("inv-seats", owner)).hasSize(3);
    }

    @Test
    void fiftyParallelAcceptsIntoOneOrganisation_withSeatsFree_allJoin_roundAfterRound() throws Exception {
        String owner = organisation("inv-crowd");
        setSeats("inv-crowd", 500);
        for (int round = 0; round < 3; round++) {
            List<String> tokens = new ArrayList<>();
            List<String> invitees = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                String user = "crowd" + round + "-" + i;
                tokens.add(invite("inv-crowd", owner, user + "@example.com", "[]").json().get("token").asText());
                invitees.add(tokens().mint(user, user + "@example.com"));
            }

            List<Api.Reply> replies = inParallel(50, i -> accept(tokens.get(i), invitees.get(i)));

            assertThat(replies).allSatisfy(reply -> assertThat(reply.status()).as(reply.body()).isEqualTo(200));
        }
        assertThat(api().get("/v1/orgs/inv-crowd", owner).json().get("members").asInt()).isEqualTo(151);
    }

    @Test
    void acceptsDuringRenames_allCarryTheLastNameIntoTheMembersOwnLists() throws Exception {
        String owner = organisation("inv-renames");
        List<String> tokens = new ArrayList<>();
        List<String> invitees = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            tokens.add(invite("inv-renames", owner, "r" + i + "@example.com", "[]").json().get("token").asText());
            invitees.add(tokens().mint("r" + i, "r" + i + "@example.com"));
        }

        List<Integer> statuses = inParallel(9, i -> i < 8 ? accept(tokens.get(i), invitees.get(i)).status()
                : renameTimes("inv-renames", owner, 4));

        assertThat(statuses).containsOnly(200);
        await().atMost(Duration.ofSeconds(30)).until(() -> api().get("/v1/orgs/inv-renames", owner).json()
                .get("jobs").isEmpty());
        indexesCaughtUp();
        for (String invitee : invitees) {
            assertThat(api().get("/v1/me/orgs", invitee).json().findValuesAsText("name")).containsExactly("Name 4");
        }
    }

    @Test
    void accept_readBeforeARename_isRetriedRatherThanCopyingTheOldName() {
        String owner = organisation("inv-stale-name");
        String token = invite("inv-stale-name", owner, "bob@example.com", "[]").json().get("token").asText();
        InviteToken parsed = InviteToken.parse(token).orElseThrow();
        Invitations.ToAccept readFirst = invitations.findToAccept(parsed.tenant(), parsed.invitation()).orElseThrow();

        assertThat(renameTimes("inv-stale-name", owner, 1)).isEqualTo(200);
        Invitations.WriteOutcome stale = invitations.accept(readFirst.invitation(), new Membership(parsed.tenant(),
                UserKey.of("enclave-local", "bob"), "bob", "enclave-local", Optional.of(Email.of("bob@example.com")),
                Set.of(GroupName.MEMBER), Instant.now(), 1),
                readFirst.organisation().orElseThrow(), Instant.now().getEpochSecond());

        assertThat(stale).isEqualTo(Invitations.WriteOutcome.INVITATION_CHANGED);
        assertThat(accept(token, bob()).status()).isEqualTo(200);
        indexesCaughtUp();
        assertThat(api().get("/v1/me/orgs", bob()).json().findValuesAsText("name")).contains("Name 1")
                .doesNotContain("inv-stale-name");
    }

    /** Renames to "Name 1" .. "Name n", each with the ETag just read; the last status. */
    private int renameTimes(String org, String token, int times) {
        int status = 0;
        for (int n = 1; n <= times; n++) {
            String etag = api().get("/v1/orgs/" + org, token).header("ETag");
            status = api().send(api().request("/v1/orgs/" + org, token).header("Content-Type", "application/json")
                    .header("If-Match", etag)
                    .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"name\":\"Name " + n + "\"}")))
                    .status();
        }
        return status;
    }

    private String organisation(String id) {
        String owner = tokens().mint("owner-" + id, "owner-" + id + "@example.com");
        assertThat(api().post("/v1/orgs", "{\"id\":\"" + id + "\",\"name\":\"" + id + "\"}", owner).status())
                .isEqualTo(201);
        return owner;
    }

    private Api.Reply invite(String org, String token, String email, String groups) {
        return api().post("/v1/orgs/" + org + "/invitations", "{\"email\":\"" + email + "\",\"groups\":" + groups + "}",
                token);
    }

    private Api.Reply accept(String invitationToken, String token) {
        return api().post("/v1/invitations/accept", "{\"token\":\"" + invitationToken + "\"}", token);
    }

    private String bob() {
        return tokens().mint("bob", "bob@example.com");
    }

    private List<String> memberIds(String org, String token) {
        return api().get("/v1/orgs/" + org + "/members?limit=100", token).json().findValuesAsText("userId");
    }

    private void setSeats(String org, int seats) {
        platform.updateItem(b -> b.tableName(tableName).key(orgKey(org)).updateExpression("SET seats = :n")
                .expressionAttributeValues(Map.of(":n", AttributeValue.fromN(Integer.toString(seats)))));
    }

    private static Map<String, AttributeValue> orgKey(String org) {
        return Map.of("PK", AttributeValue.fromS("TENANT#" + org + "#"), "SK", AttributeValue.fromS("ORG"));
    }

    private static Map<String, AttributeValue> invitationKey(String org, String id) {
        return Map.of("PK", AttributeValue.fromS("TENANT#" + org + "#"), "SK", AttributeValue.fromS("INVITATION#" + id));
    }

    private static <T> List<T> inParallel(int count, IndexedCall<T> call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(count);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<T>> futures = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int index = i;
            Callable<T> task = () -> {
                start.await();
                return call.apply(index);
            };
            futures.add(pool.submit(task));
        }
        start.countDown();
        List<T> results = new ArrayList<>();
        for (Future<T> future : futures) {
            results.add(future.get());
        }
        pool.shutdown();
        return results;
    }

    @FunctionalInterface
    private interface IndexedCall<T> {
        T apply(int index) throws Exception;
    }
}
