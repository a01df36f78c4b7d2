package dev.enclave.app.domain.invitation;

import static dev.enclave.app.support.ProblemReplies.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.InFlight;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.Parallel;
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
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

@MicronautTest(environments = "local")
class InvitationsIT extends LocalStackTest {

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
        BobInvited invited = bobInvitedTo("inv-wrong");

        Api.Reply wrong = accept(invited.token(), journeys().member("mallory"));

        assertThat(wrong.status()).isEqualTo(403);
        assertThat(wrong.json().get("code").asText()).isEqualTo("wrong-invitee");
        assertThat(accept(invited.token(), bob()).status()).isEqualTo(200);
    }

    @Test
    void accept_withUnverifiedEmail_isForbidden() {
        BobInvited invited = bobInvitedTo("inv-unverified");

        String unverified = tokens().mint(
                "{\"sub\":\"bob\",\"email\":\"bob@example.com\",\"emailVerified\":false}");
        Api.Reply reply = accept(invited.token(), unverified);

        assertThat(reply.status()).isEqualTo(403);
        assertThat(reply.json().get("code").asText()).isEqualTo("email-not-verified");
        indexesCaughtUp();
        assertThat(api().get("/v1/me/invitations", unverified).json().get("items")).isEmpty();
        assertThat(api().get("/v1/me/invitations", bob()).json().findValuesAsText("organisation"))
                .contains("inv-unverified");
    }

    @Test
    void aMemberWithoutAVerifiedEmail_isListedWithout_notWithAnEmptyOne() {
        String founder = tokens().mint("{\"sub\":\"nell\",\"email\":\"nell@example.com\",\"emailVerified\":false}");
        assertThat(api().post("/v1/orgs", "{\"id\":\"inv-no-email\",\"name\":\"No email\"}", founder).status())
                .isEqualTo(201);

        JsonNode listed = api().get("/v1/orgs/inv-no-email/members", founder).json().get("items").get(0);

        assertThat(listed.get("userId").asText()).isEqualTo("nell");
        assertThat(listed.has("email")).as(listed.toString()).isFalse();
    }

    @Test
    void accept_twiceBySameUser_answersTheSameMembership() {
        BobInvited invited = bobInvitedTo("inv-twice");

        Api.Reply first = accept(invited.token(), bob());
        Api.Reply second = accept(invited.token(), bob());

        assertThat(second.status()).isEqualTo(200);
        assertThat(second.json()).isEqualTo(first.json());
        assertThat(memberCount(invited)).isEqualTo(2);
    }

    @Test
    void accept_afterRevoke_isConflict() {
        BobInvited invited = bobInvitedTo("inv-revoked");
        Api.Reply revoked = byTheOwner(invited, "revoke");

        Api.Reply reply = accept(invited.token(), bob());

        assertThat(revoked.status()).isEqualTo(204);
        assertThat(reply.status()).isEqualTo(409);
        assertThat(reply.json().get("code").asText()).isEqualTo("invitation-not-pending");
        assertThat(memberIds("inv-revoked", invited.owner())).doesNotContain("bob");
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
        String oldToken = invitationOfBob("inv-again", owner);
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
    void twoResendsAtOnce_oneIsRefused_soTheTokenHandedOutWorks() {
        BobInvited invited = bobInvitedTo("inv-resend-race");
        List<Api.Reply> first = new ArrayList<>();

        Api.Reply held = InFlight.heldWhile(faults, "inv-resend-race", () -> byTheOwner(invited, "resend"),
                () -> first.add(byTheOwner(invited, "resend")));

        List<Api.Reply> both = List.of(held, first.get(0));
        assertThat(both).extracting(Api.Reply::status).as("the one decided on a token the other replaced is refused")
                .containsExactlyInAnyOrder(200, 409);
        Api.Reply renewed = both.stream().filter(reply -> reply.status() == 200).findFirst().orElseThrow();
        assertThat(accept(renewed.json().get("token").asText(), bob()).status()).as("the token handed out works")
                .isEqualTo(200);
    }

    @Test
    void accept_afterResend_worksOnlyWithTheNewToken() {
        BobInvited invited = bobInvitedTo("inv-resend");
        Api.Reply resent = byTheOwner(invited, "resend");

        Api.Reply old = accept(invited.token(), bob());
        Api.Reply current = accept(resent.json().get("token").asText(), bob());

        assertThat(resent.status()).isEqualTo(200);
        assertThat(old.status()).isEqualTo(404);
        assertThat(current.status()).isEqualTo(200);
    }

    @Test
    void resend_givesTheValidityAsked_orSevenDays_andRefusesOneOutOfBounds() {
        BobInvited invited = bobInvitedTo("inv-resend-days");
        String path = "/v1/orgs/inv-resend-days/invitations/" + invited.id() + "/resend";

        Api.Reply twoDays = api().post(path, "{\"expiresInDays\":2}", invited.owner());
        Api.Reply tooLong = api().hostile().post(path, "{\"expiresInDays\":31}", invited.owner());
        Api.Reply noBody = api().send(api().request(path, invited.owner()).POST(HttpRequest.BodyPublishers.noBody()));

        assertThat(twoDays.status()).as(twoDays.body()).isEqualTo(200);
        assertThat(validFor(twoDays)).isBetween(Duration.ofDays(2).minusMinutes(1), Duration.ofDays(2));
        assertThat(tooLong.status()).isEqualTo(400);
        assertThat(tooLong.json().at("/errors/0/field").asText()).isEqualTo("expiresInDays");
        assertThat(noBody.status()).as(noBody.body()).isEqualTo(200);
        assertThat(validFor(noBody)).isBetween(Duration.ofDays(7).minusMinutes(1), Duration.ofDays(7));
    }

    /**
     * How clients send an optional body they leave out: nothing in any media type, or JSON's null (a generated
     * client's, though the contract names an object), each taken as none.
     */
    @Test
    void resend_takesABodyLeftOutAsNone_howeverAClientSendsIt() {
        BobInvited invited = bobInvitedTo("inv-resend-none");
        String path = "/v1/orgs/inv-resend-none/invitations/" + invited.id() + "/resend";
        for (String[] none : new String[][] {{"application/json", "null"},
                {"application/json", ""}, {"text/plain", ""}, {"application/x-www-form-urlencoded", ""}}) {
            Api.Reply resent = api().hostile().send(api().request(path, invited.owner()).header("Content-Type", none[0])
                    .POST(HttpRequest.BodyPublishers.ofString(none[1])));
            assertThat(resent.status()).as(none[0] + " '" + none[1] + "': " + resent.body()).isEqualTo(200);
        }
        Api.Reply json = api().hostile().send(api().request(path, invited.owner()).header("Content-Type",
                "text/plain").POST(HttpRequest.BodyPublishers.ofString("{\"expiresInDays\":2}")));
        assertThat(json.status()).as("a body, not as JSON").isEqualTo(415);
    }

    private static Duration validFor(Api.Reply resent) {
        return Duration.between(Instant.now(), Instant.parse(resent.json().at("/invitation/expiresAt").asText()));
    }

    @Test
    void anInvitationTheSenderCouldNotRevoke_isNotReplacedByTheirs() {
        String owner = organisation("inv-over");
        journeys().join("inv-over", owner, "adm");
        assertThat(api().send(api().request("/v1/orgs/inv-over/members/adm/groups/admin", owner)
                .PUT(HttpRequest.BodyPublishers.noBody())).status()).isEqualTo(200);
        String handover = invite("inv-over", owner, "cfo@example.com", "[\"owner\"]").json()
                .at("/invitation/id").asText();

        Api.Reply over = invite("inv-over", journeys().member("adm"), "cfo@example.com", "[]");
        Api.Reply byOwner = invite("inv-over", owner, "cfo@example.com", "[\"admin\"]");

        assertThat(over.status()).as(over.body()).isEqualTo(403);
        assertThat(over.json().get("code").asText()).isEqualTo("missing-role");
        assertThat(byOwner.status()).as("one who may revoke it replaces it").isEqualTo(201);
        assertThat(platform.getItem(get -> get.tableName(tableName).consistentRead(true)
                .key(invitationKey("inv-over", handover))).item().get("status").s()).isEqualTo("SUPERSEDED");
    }

    @Test
    void anInvitationOfAnAdminWhoLeft_resentByOneWhoStays_isAccepted() {
        String owner = organisation("inv-left");
        journeys().join("inv-left", owner, "adm");
        assertThat(api().send(api().request("/v1/orgs/inv-left/members/adm/groups/admin", owner)
                .PUT(HttpRequest.BodyPublishers.noBody())).status()).isEqualTo(200);
        Api.Reply sent = invite("inv-left", journeys().member("adm"), "bob@example.com", "[]");
        assertThat(sent.status()).isEqualTo(201);
        String id = sent.json().at("/invitation/id").asText();
        assertThat(api().send(api().request("/v1/orgs/inv-left/members/adm", owner).DELETE()).status())
                .isEqualTo(204);
        assertThat(accept(sent.json().get("token").asText(), bob()).status()).as("its maker left").isEqualTo(409);

        Api.Reply resent = api().post("/v1/orgs/inv-left/invitations/" + id + "/resend", "", owner);

        assertThat(resent.status()).as(resent.body()).isEqualTo(200);
        assertThat(platform.getItem(b -> b.tableName(tableName).key(invitationKey("inv-left", id)).consistentRead(true))
                .item().get("invitedBy").s()).as("the resender is its maker now").isEqualTo("owner-inv-left");
        assertThat(accept(resent.json().get("token").asText(), bob()).status()).as("made again by one who stays")
                .isEqualTo(200);
    }

    @Test
    void anInvitationPastItsValidity_isNotResent_beforeItsExpiryIsRecordedEither() {
        BobInvited invited = bobInvitedTo("inv-past");
        platform.updateItem(b -> b.tableName(tableName).key(invitationKey("inv-past", invited.id()))
                .updateExpression("SET validUntil = :past").expressionAttributeValues(Map.of(":past",
                        AttributeValue.fromN(Long.toString(Instant.now().minusSeconds(60).getEpochSecond())))));

        Api.Reply resent = byTheOwner(invited, "resend");

        assertThat(resent.status()).as(resent.body()).isEqualTo(409);
        assertThat(resent.json().get("code").asText()).isEqualTo("invitation-not-pending");
    }

    @Test
    void aDecline_whileTheOrganisationIsBeingDeleted_closesNothing() {
        BobInvited invited = bobInvitedTo("inv-dying");
        platform.updateItem(b -> b.tableName(tableName).key(Map.of("PK", AttributeValue.fromS("TENANT#inv-dying#"),
                "SK", AttributeValue.fromS("ORG"))).updateExpression("SET #status = :deleting")
                .expressionAttributeNames(Map.of("#status", "status"))
                .expressionAttributeValues(Map.of(":deleting", AttributeValue.fromS("DELETING"))));

        Api.Reply declined = api().post("/v1/invitations/decline", "{\"token\":\"" + invited.token() + "\"}", bob());

        assertThat(declined.status()).as(declined.body()).isEqualTo(404);
        assertThat(declined.json().get("code").asText()).as("the organisation is gone, the invitation unchanged")
                .isEqualTo("organisation-not-found");
        assertThat(platform.getItem(b -> b.tableName(tableName).key(invitationKey("inv-dying", invited.id()))
                .consistentRead(true)).item().get("status").s()).as("still as the deletion will find it")
                .isEqualTo("PENDING");
    }

    @Test
    void resend_extendsTheInviteeGuardsTtlWithTheInvitations() {
        BobInvited invited = bobInvitedTo("inv-renew");
        Map<String, AttributeValue> guardKey = inviteeGuardKey("inv-renew");
        platform.updateItem(b -> b.tableName(tableName).key(guardKey).updateExpression("SET expiresAt = :soon")
                .expressionAttributeValues(Map.of(":soon", AttributeValue.fromN("1000"))));

        assertThat(byTheOwner(invited, "resend").status()).isEqualTo(200);

        String invitationExpires = platform.getItem(b -> b.tableName(tableName)
                .key(invitationKey("inv-renew", invited.id()))
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
        BobInvited invited = bobInvitedTo("inv-decline");

        Api.Reply declined = api().post("/v1/invitations/decline", "{\"token\":\"" + invited.token() + "\"}", bob());

        assertThat(declined.status()).isEqualTo(204);
        assertThat(api().post("/v1/invitations/decline", "{\"token\":\"" + invited.token() + "\"}", bob()).status())
                .as("declining again is done, as the first time").isEqualTo(204);
        assertThat(api().get("/v1/orgs/inv-decline/events?types=invitation.declined", invited.owner()).json()
                .get("items")).as("and records nothing more").hasSize(1);
        assertThat(accept(invited.token(), bob()).status()).isEqualTo(409);
        assertThat(memberIds("inv-decline", invited.owner())).doesNotContain("bob");
        assertThat(invite("inv-decline", invited.owner(), "bob@example.com", "[]").status()).as("can be invited again")
                .isEqualTo(201);
    }

    @Test
    void decline_inASuspendedOrganisation_isLocked_andInOneBeingDeleted_isGone_andLeavesItPending() {
        BobInvited invited = bobInvitedTo("inv-decline-standing");
        setStatus("inv-decline-standing", "SUSPENDED");
        Api.Reply suspended = api().post("/v1/invitations/decline", "{\"token\":\"" + invited.token() + "\"}", bob());
        setStatus("inv-decline-standing", "DELETING");
        Api.Reply deleting = api().post("/v1/invitations/decline", "{\"token\":\"" + invited.token() + "\"}", bob());
        setStatus("inv-decline-standing", "ACTIVE");

        assertThat(suspended.status()).as(suspended.body()).isEqualTo(423);
        assertThat(suspended.json().get("code").asText()).isEqualTo("organisation-suspended");
        assertThat(deleting.status()).as(deleting.body()).isEqualTo(404);
        assertThat(deleting.json().get("code").asText()).isEqualTo("organisation-not-found");
        assertThat(accept(invited.token(), bob()).status()).as("still pending, so still accepted").isEqualTo(200);
    }

    @Test
    void invite_anExistingMember_isConflict() {
        String owner = organisation("inv-member");
        accept(invitationOfBob("inv-member", owner), bob());

        assertProblem(invite("inv-member", owner, "bob@example.com", "[]"), 409, "already-member");
    }

    @Test
    void invite_whenEverySeatIsTaken_isConflict() {
        String owner = organisation("inv-full");
        setSeats("inv-full", 1);

        assertProblem(invite("inv-full", owner, "bob@example.com", "[]"), 409, "seat-limit-reached");
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
        BobInvited invited = bobInvitedTo("inv-suspended");
        platform.updateItem(b -> b.tableName(tableName).key(orgKey("inv-suspended"))
                .updateExpression("SET #s = :s").expressionAttributeNames(Map.of("#s", "status"))
                .expressionAttributeValues(Map.of(":s", AttributeValue.fromS("SUSPENDED"))));

        assertThat(accept(invited.token(), bob()).status()).isEqualTo(423);
    }

    @Test
    void anAcceptAnsweredAgain_isLockedOnceTheOrganisationIsSuspended_andGoneOnceItIsBeingDeleted() {
        BobInvited invited = bobInvitedTo("inv-replay-standing");
        assertThat(accept(invited.token(), bob()).status()).isEqualTo(200);
        setStatus("inv-replay-standing", "SUSPENDED");

        Api.Reply suspended = accept(invited.token(), bob());
        setStatus("inv-replay-standing", "DELETING");
        Api.Reply deleting = accept(invited.token(), bob());

        assertThat(suspended.status()).as(suspended.body()).isEqualTo(423);
        assertThat(deleting.status()).as(deleting.body()).isEqualTo(404);
    }

    private void setStatus(String org, String status) {
        platform.updateItem(b -> b.tableName(tableName).key(orgKey(org))
                .updateExpression("SET #s = :s").expressionAttributeNames(Map.of("#s", "status"))
                .expressionAttributeValues(Map.of(":s", AttributeValue.fromS(status))));
    }

    @Test
    void myLists_withATokenBoundToATenant_showThatTenantsEntriesOnly() {
        for (String org : List.of("inv-bound-a", "inv-bound-b", "inv-bound-c")) {
            Api.Reply invited = invite(org, organisation(org), "bob@example.com", "[]");
            assertThat(invited.status()).isEqualTo(201);
            if (!org.endsWith("b")) {
                assertThat(accept(invited.json().get("token").asText(), bob()).status()).isEqualTo(200);
            }
        }
        indexesCaughtUp();

        assertThat(listed("/v1/me/orgs", bob(), "organisation")).contains("inv-bound-a", "inv-bound-c");
        assertThat(listed("/v1/me/orgs", boundBob("inv-bound-c"), "organisation")).containsExactly("inv-bound-c");
        assertThat(listed("/v1/me/orgs", boundBob("inv-bound-b"), "organisation")).isEmpty();
        assertThat(listed("/v1/me/invitations", bob(), "organisation")).contains("inv-bound-b");
        assertThat(listed("/v1/me/invitations", boundBob("inv-bound-b"), "organisation"))
                .containsExactly("inv-bound-b");
        assertThat(listed("/v1/me/invitations", boundBob("inv-bound-a"), "organisation")).isEmpty();
        String acrossTenants = api().get("/v1/me/orgs?limit=1", bob()).json().get("nextCursor").asText();
        Api.Reply foreignCursor = api().get("/v1/me/orgs?cursor=" + acrossTenants, boundBob("inv-bound-c"));
        assertThat(foreignCursor.status()).as(foreignCursor.body()).isEqualTo(400);
        assertThat(foreignCursor.json().get("code").asText()).isEqualTo("invalid-cursor");
    }

    private List<String> listed(String path, String token, String field) {
        Api.Reply page = api().get(path, token);
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        return page.json().get("items").findValuesAsText(field);
    }

    private String boundBob(String tenant) {
        return tokens().mint("{\"sub\":\"bob\",\"email\":\"bob@example.com\",\"tenant\":\"" + tenant + "\"}");
    }

    @Test
    void myInvitations_listPendingOnesAcrossOrganisations_untilAccepted() {
        String token = bobInvitedTo("inv-mine").token();

        indexesCaughtUp();
        assertThat(api().get("/v1/me/invitations", bob()).json().findValuesAsText("organisation")).contains("inv-mine");
        accept(token, bob());
        indexesCaughtUp();
        assertThat(api().get("/v1/me/invitations", bob()).json().findValuesAsText("organisation"))
                .doesNotContain("inv-mine");
    }

    @Test
    void fiftyParallelAccepts_ofOneInvitation_makeExactlyOneMembership() {
        BobInvited invited = bobInvitedTo("inv-race");
        String bob = bob();

        List<Api.Reply> replies = Parallel.run(50, i -> accept(invited.token(), bob));

        assertThat(replies).allSatisfy(r -> assertThat(r.status()).as(r.body()).isEqualTo(200));
        assertThat(memberIds("inv-race", invited.owner())).containsExactlyInAnyOrder("owner-inv-race", "bob");
        assertThat(memberCount(invited)).isEqualTo(2);
    }

    @Test
    void parallelAccepts_ofDifferentInvitations_neverExceedTheSeats() {
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

        List<Integer> statuses = Parallel.run(6, i -> accept(tokens.get(i), invitees.get(i)).status());

        assertThat(statuses.stream().filter(s -> s == 200)).hasSize(2);
        assertThat(statuses.stream().filter(s -> s != 200)).containsOnly(409);
        assertThat(api().get("/v1/orgs/inv-seats", owner).json().get("members").asInt()).isEqualTo(3);
        assertThat(memberIds("inv-seats", owner)).hasSize(3);
    }

    @Test
    void fiftyParallelAcceptsIntoOneOrganisation_withSeatsFree_allJoin() {
        String owner = organisation("inv-crowd");
        setSeats("inv-crowd", 500);
        List<String> tokens = new ArrayList<>();
        List<String> invitees = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            String user = "crowd-" + i;
            tokens.add(invite("inv-crowd", owner, user + "@example.com", "[]").json().get("token").asText());
            invitees.add(tokens().mint(user, user + "@example.com"));
        }

        List<Api.Reply> replies = Parallel.run(50, i -> accept(tokens.get(i), invitees.get(i)));

        assertThat(replies).allSatisfy(reply -> assertThat(reply.status()).as(reply.body()).isEqualTo(200));
        assertThat(api().get("/v1/orgs/inv-crowd", owner).json().get("members").asInt()).isEqualTo(51);
    }

    @Test
    void acceptsDuringRenames_allCarryTheLastNameIntoTheMembersOwnLists() {
        String owner = organisation("inv-renames");
        List<String> tokens = new ArrayList<>();
        List<String> invitees = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            tokens.add(invite("inv-renames", owner, "r" + i + "@example.com", "[]").json().get("token").asText());
            invitees.add(tokens().mint("r" + i, "r" + i + "@example.com"));
        }

        List<Integer> statuses = Parallel.run(9, i -> i < 8 ? accept(tokens.get(i), invitees.get(i)).status()
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
        BobInvited invited = bobInvitedTo("inv-stale-name");
        InviteToken parsed = InviteToken.parse(invited.token()).orElseThrow();
        Invitations.ToAccept readFirst = invitations.findToAccept(parsed.tenant(), parsed.invitation()).orElseThrow();

        assertThat(renameTimes("inv-stale-name", invited.owner(), 1)).isEqualTo(200);
        Invitations.WriteOutcome stale = invitations.accept(readFirst.invitation(), new Membership(parsed.tenant(),
                UserKey.of("enclave-local", "bob"), "bob", "enclave-local", Optional.of(Email.of("bob@example.com")),
                Set.of(GroupName.MEMBER), Instant.now(), 1),
                readFirst.organisation().orElseThrow(), readFirst.definitions(), Instant.now().getEpochSecond());

        assertThat(stale).isEqualTo(Invitations.WriteOutcome.INVITATION_CHANGED);
        assertThat(accept(invited.token(), bob()).status()).isEqualTo(200);
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
        return journeys().organisation(id);
    }

    /** Organisation {@code org}, of its owner alone so far, and a pending invitation of bob@example.com. */
    private record BobInvited(String org, String owner, String id, String token) {
    }

    private BobInvited bobInvitedTo(String org) {
        String owner = organisation(org);
        Api.Reply invited = invite(org, owner, "bob@example.com", "[]");
        assertThat(invited.status()).isEqualTo(201);
        return new BobInvited(org, owner, invited.json().at("/invitation/id").asText(),
                invited.json().get("token").asText());
    }

    /** The owner's {@code action} ({@code resend}, {@code revoke}) on bob's invitation. */
    private Api.Reply byTheOwner(BobInvited invited, String action) {
        return api().post("/v1/orgs/" + invited.org() + "/invitations/" + invited.id() + "/" + action, "",
                invited.owner());
    }

    private int memberCount(BobInvited invited) {
        return api().get("/v1/orgs/" + invited.org(), invited.owner()).json().get("members").asInt();
    }

    /** Invites bob@example.com into no group; answers the invitation's token. */
    private String invitationOfBob(String org, String owner) {
        Api.Reply invited = invite(org, owner, "bob@example.com", "[]");
        assertThat(invited.status()).isEqualTo(201);
        return invited.json().get("token").asText();
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
}
