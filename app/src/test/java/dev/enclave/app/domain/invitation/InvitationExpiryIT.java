package dev.enclave.app.domain.invitation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.infra.consistency.Invariants;
import dev.enclave.app.infra.consistency.Violation;
import dev.enclave.app.infra.jobs.ExpiringInvitations;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.MovableClockFactory;
import dev.enclave.app.support.Tokens;
import dev.enclave.sandbox.MutableClock;
import dev.enclave.sandbox.gateway.GatewayFaults;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A pending invitation that reaches its validity unanswered is closed as expired by the background pass, with one
 * {@code invitation.expired} event in the same transaction; one that left pending otherwise never is. The scheduled
 * pass is held off (an hour) and the clock is moved, so each test runs the pass when it wants it to run. Tokens are
 * signed with the local issuer's key at the moved clock's now, which the verifier judges them by.
 */
@MicronautTest(environments = "local")
class InvitationExpiryIT extends LocalStackTest {

    private static final Duration PATIENCE = Duration.ofSeconds(20);
    private static final Duration A_DAY = Duration.ofDays(1);

    @Inject
    ExpiringInvitations pass;

    @Inject
    MutableClock clock;

    @Override
    protected Map<String, String> settings() {
        return Map.of("enclave.jobs.first-poll", "1h", "enclave.jobs.poll-interval", "1h",
                "enclave.tenancy.dynamodb-max-attempts", "2", MovableClockFactory.SETTING, "true");
    }

    @Test
    void aPendingInvitationPastItsValidity_isExpiredOnce_bySystem_andTheEmailCanBeInvitedAgain() {
        String org = "exp-basic";
        organisation(org);
        JsonNode sent = inviteForADay(org, "bob");
        String id = sent.get("invitation").get("id").asText();
        indexesCaughtUp();
        assertThat(pass.poll()).as("not due yet").isZero();

        clock.advance(A_DAY.plusSeconds(1));
        awaitExpired(org, id);
        pass.poll();

        List<JsonNode> expired = events(org, "invitation.expired");
        assertThat(expired).hasSize(1);
        JsonNode data = expired.get(0).get("data");
        assertThat(data.get("actor").get("type").asText()).isEqualTo("system");
        assertThat(data.get("targets").get(0).get("type").asText()).isEqualTo("invitation");
        assertThat(data.get("targets").get(0).get("id").asText()).isEqualTo(id);
        assertThat(data.get("changes").get("email").asText()).isEqualTo("bob@example.com");
        assertThat(data.get("changes").get("validUntil").asText())
                .isEqualTo(sent.get("invitation").get("expiresAt").asText());
        assertThat(expired.toString()).doesNotContain(sent.get("token").asText());
        assertThat(ids(org, "pending")).doesNotContain(id);

        Api.Reply accepted = accept(sent.get("token").asText(), "bob");
        assertThat(accepted.status()).isEqualTo(410);
        assertThat(accepted.json().get("code").asText()).isEqualTo("invitation-expired");
        assertThat(api().post("/v1/orgs/" + org + "/invitations/" + id + "/resend", "", owner(org)).status())
                .as("only pending invitations are resent").isEqualTo(409);
        indexesCaughtUp();
        assertThat(api().get("/v1/me/invitations", signedIn("bob")).json().get("items")).isEmpty();

        JsonNode again = inviteForADay(org, "bob");
        assertThat(accept(again.get("token").asText(), "bob").status()).isEqualTo(200);
        assertThat(events(org, "invitation.expired")).hasSize(1);
        assertThat(violations()).isEmpty();
    }

    @Test
    void invitationsAnsweredBeforeTheirValidity_areNeverExpired() {
        String org = "exp-answered";
        organisation(org);
        JsonNode accepted = inviteForADay(org, "carol");
        JsonNode revoked = inviteForADay(org, "dave");
        JsonNode declined = inviteForADay(org, "erin");
        JsonNode superseded = inviteForADay(org, "fred");
        assertThat(accept(accepted.get("token").asText(), "carol").status()).isEqualTo(200);
        assertThat(api().post("/v1/orgs/" + org + "/invitations/" + revoked.get("invitation").get("id").asText()
                + "/revoke", "", owner(org)).status()).isEqualTo(204);
        assertThat(api().post("/v1/invitations/decline", "{\"token\":\"" + declined.get("token").asText() + "\"}",
                signedIn("erin")).status()).isEqualTo(204);
        clock.advance(Duration.ofHours(1));
        JsonNode fredAgain = inviteFor(org, "fred", 7);

        clock.advance(A_DAY);
        indexesCaughtUp();
        pass.poll();
        pass.poll();

        assertThat(events(org, "invitation.expired")).isEmpty();
        assertThat(ids(org, "pending")).containsExactly(fredAgain.get("invitation").get("id").asText());
        assertThat(ids(org, "superseded")).containsExactly(superseded.get("invitation").get("id").asText());
        assertThat(ids(org, "expired")).isEmpty();
        assertThat(violations()).isEmpty();
    }

    @Test
    void aResentInvitation_expiresAtItsNewValidityOnly() {
        String org = "exp-resent";
        organisation(org);
        String id = inviteForADay(org, "bob").get("invitation").get("id").asText();
        clock.advance(Duration.ofHours(12));
        Api.Reply resent = api().post("/v1/orgs/" + org + "/invitations/" + id + "/resend", "", owner(org));
        assertThat(resent.status()).isEqualTo(200);
        Instant newValidity = Instant.parse(resent.json().get("invitation").get("expiresAt").asText());

        clock.advance(Duration.ofHours(13));
        indexesCaughtUp();
        pass.poll();
        assertThat(events(org, "invitation.expired")).as("past the first validity only").isEmpty();
        assertThat(ids(org, "pending")).containsExactly(id);

        clock.advance(Duration.between(clock.instant(), newValidity).plusSeconds(1));
        awaitExpired(org, id);
        assertThat(events(org, "invitation.expired")).hasSize(1).first()
                .satisfies(event -> assertThat(event.get("data").get("changes").get("validUntil").asText())
                        .isEqualTo(newValidity.toString()));
    }

    @Test
    void aGuardLeftDueEarly_byAnOlderInstancesResend_isMovedToTheValidity_notExpired() {
        String org = "exp-old-resend";
        organisation(org);
        String id = inviteForADay(org, "bob").get("invitation").get("id").asText();
        Instant resentUntil = clock.instant().plus(Duration.ofDays(7));
        platform.updateItem(b -> b.tableName(tableName).key(Map.of("PK", AttributeValue.fromS("TENANT#" + org + "#"),
                "SK", AttributeValue.fromS("INVITATION#" + id))).updateExpression("SET validUntil = :until")
                .expressionAttributeValues(Map.of(":until", AttributeValue.fromN(
                        String.valueOf(resentUntil.getEpochSecond())))));

        clock.advance(A_DAY.plusSeconds(1));
        indexesCaughtUp();
        assertThat(pass.poll()).as("due by the guard's old entry").isEqualTo(1);
        indexesCaughtUp();
        assertThat(pass.poll()).as("moved to the validity").isZero();
        assertThat(ids(org, "pending")).containsExactly(id);

        clock.advance(Duration.between(clock.instant(), resentUntil).plusSeconds(1));
        awaitExpired(org, id);
        assertThat(events(org, "invitation.expired")).hasSize(1);
    }

    @Test
    void aPassWhoseTransactionFails_leavesTheInvitationPendingAndDue_andTheNextPassExpiresIt() {
        String org = "exp-faulted";
        organisation(org);
        String id = inviteForADay(org, "bob").get("invitation").get("id").asText();
        clock.advance(A_DAY.plusSeconds(1));
        indexesCaughtUp();
        faults.inject(new GatewayFaults.Rule(Optional.of("TransactWriteItems"), Optional.of(org),
                GatewayFaults.Kind.INTERNAL_SERVER_ERROR, Duration.ZERO, Integer.MAX_VALUE));
        try {
            assertThat(pass.poll()).as("found due").isEqualTo(1);
        } finally {
            faults.clear();
        }

        assertThat(ids(org, "pending")).containsExactly(id);
        assertThat(events(org, "invitation.expired")).isEmpty();

        awaitExpired(org, id);
        assertThat(events(org, "invitation.expired")).hasSize(1);
        assertThat(violations()).isEmpty();
    }

    @Test
    void anExpiryThatCommitsWhileAnAcceptIsDeciding_leavesTheAcceptRefused_andOnlyTheExpiry() throws Exception {
        String org = "exp-race-expiry";
        organisation(org);
        JsonNode sent = inviteForADay(org, "bob");
        String id = sent.get("invitation").get("id").asText();
        clock.advance(A_DAY.plusSeconds(1));
        indexesCaughtUp();
        int met = faults.met();
        faults.inject(new GatewayFaults.Rule(Optional.of("TransactWriteItems"), Optional.of(org),
                GatewayFaults.Kind.LATENCY, Duration.ofSeconds(2), 1));
        CompletableFuture<Integer> expiring = CompletableFuture.supplyAsync(pass::poll);
        await().atMost(PATIENCE).until(() -> faults.met() > met);
        clock.advance(Duration.ofSeconds(-10));

        Api.Reply accepted = accept(sent.get("token").asText(), "bob");

        assertThat(expiring.get()).isEqualTo(1);
        assertThat(accepted.status()).as(accepted.body()).isEqualTo(410);
        assertThat(onlyOutcome(org)).isEqualTo("invitation.expired");
        assertThat(ids(org, "expired")).containsExactly(id);
        assertThat(memberIds(org)).doesNotContain("bob");
        assertThat(violations()).isEmpty();
    }

    @Test
    void anAcceptThatCommitsWhileTheExpiryIsDeciding_leavesOnlyTheAcceptance() throws Exception {
        String org = "exp-race-accept";
        organisation(org);
        JsonNode sent = inviteForADay(org, "bob");
        String id = sent.get("invitation").get("id").asText();
        clock.advance(A_DAY.minusSeconds(5));
        String bob = signedIn("bob");
        indexesCaughtUp();
        int met = faults.met();
        faults.inject(new GatewayFaults.Rule(Optional.of("TransactWriteItems"), Optional.of(org),
                GatewayFaults.Kind.LATENCY, Duration.ofSeconds(2), 1));
        CompletableFuture<Api.Reply> accepting = CompletableFuture.supplyAsync(() -> api().post(
                "/v1/invitations/accept", "{\"token\":\"" + sent.get("token").asText() + "\"}", bob));
        await().atMost(PATIENCE).until(() -> faults.met() > met);
        clock.advance(Duration.ofSeconds(10));

        pass.poll();

        assertThat(accepting.get().status()).isEqualTo(200);
        indexesCaughtUp();
        assertThat(pass.poll()).as("the guard went with the acceptance, and its entry with it").isZero();
        assertThat(onlyOutcome(org)).isEqualTo("invitation.accepted");
        assertThat(ids(org, "accepted")).containsExactly(id);
        assertThat(memberIds(org)).contains("bob");
        assertThat(violations()).isEmpty();
    }

    private JsonNode inviteForADay(String org, String user) {
        return inviteFor(org, user, 1);
    }

    private JsonNode inviteFor(String org, String user, int days) {
        Api.Reply sent = api().post("/v1/orgs/" + org + "/invitations", "{\"email\":\"" + user
                + "@example.com\",\"expiresInDays\":" + days + "}", owner(org));
        assertThat(sent.status()).as(sent.body()).isEqualTo(201);
        return sent.json();
    }

    private Api.Reply accept(String token, String user) {
        return api().post("/v1/invitations/accept", "{\"token\":\"" + token + "\"}", signedIn(user));
    }

    private void awaitExpired(String org, String id) {
        indexesCaughtUp();
        await().atMost(PATIENCE).until(() -> {
            pass.poll();
            return ids(org, "expired").contains(id);
        });
    }

    /** The one answer the invitation got: accepted or expired, never both. */
    private String onlyOutcome(String org) {
        List<JsonNode> outcomes = events(org, "invitation.accepted,invitation.expired");
        assertThat(outcomes).hasSize(1);
        return outcomes.get(0).get("type").asText();
    }

    /** The organisation's events of {@code types}, oldest first, from the feed. */
    private List<JsonNode> events(String org, String types) {
        List<JsonNode> events = new ArrayList<>();
        Api.Reply page = api().get("/v1/orgs/" + org + "/events?limit=100&types=" + types, owner(org));
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        page.json().get("items").forEach(events::add);
        return events;
    }

    private List<String> ids(String org, String status) {
        indexesCaughtUp();
        Api.Reply listed = api().get("/v1/orgs/" + org + "/invitations?status=" + status, owner(org));
        assertThat(listed.status()).as(listed.body()).isEqualTo(200);
        return listed.json().get("items").findValuesAsText("id");
    }

    private List<String> memberIds(String org) {
        return api().get("/v1/orgs/" + org + "/members", owner(org)).json().get("items").findValuesAsText("userId");
    }

    private String owner(String org) {
        return signedIn("owner-" + org);
    }

    private void organisation(String org) {
        Api.Reply created = api().post("/v1/orgs", "{\"id\":\"" + org + "\",\"name\":\"" + org + "\"}",
                owner(org));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
    }

    /**
     * A token for {@code user} ({@code <user>@example.com}, verified), valid for ten minutes from the clock's now; the
     * local issuer makes its key when it first mints one.
     */
    private String signedIn(String user) {
        tokens().mint(user, user + "@example.com");
        Instant now = clock.instant();
        return tokens().signWithIssuerKey(Tokens.validClaims(user).issueTime(Date.from(now))
                .notBeforeTime(Date.from(now)).expirationTime(Date.from(now.plusSeconds(600))).build());
    }

    /** The checker's findings on the whole table, as they stand at the clock's now. */
    private List<Violation> violations() {
        return Invariants.check(platform.scanPaginator(b -> b.tableName(tableName).consistentRead(true)).items()
                .stream(), clock.instant()).violations();
    }
}
