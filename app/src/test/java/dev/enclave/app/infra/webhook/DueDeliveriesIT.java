package dev.enclave.app.infra.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.invitation.InvitationPostbox;
import dev.enclave.app.infra.store.webhook.DeliveryQueue;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.MovableWebhookClock;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The due-deliveries index at its edges: an entry the worker cannot act on is set aside, not left first in every
 * poll; and the invitation mailer at the edges of an invitation's and its organisation's life: a suspended organisation's
 * invitations wait on the due-deliveries index (a few minutes later) and are mailed when due again once it is
 * active; an invitation closed before its mail went leaves the index with it; a resend while the old token's mail is
 * in flight is mailed with the new token. The scheduled poll is held off (an hour), so each test runs the mailer
 * when it means to, and moves the deliveries' clock on.
 */
@MicronautTest(environments = "local")
class DueDeliveriesIT extends LocalStackTest {

    @Inject
    InvitationMailer mailer;

    @Inject
    DeliveryQueue queue;

    @Inject
    MovableWebhookClock clock;

    @Inject
    InvitationPostbox postbox;

    @Inject
    DeliveryWorker worker;

    @Override
    protected Map<String, String> settings() {
        return Map.of("enclave.webhooks.first-poll", "1h", "enclave.webhooks.poll-interval", "1h",
                MovableWebhookClock.SETTING, "movable");
    }

    @Test
    void anInvitationOfASuspendedOrganisation_isMailedOnlyOnceItIsResumed() {
        String owner = mailingOrganisation("mail-held");
        InvitationId id = invite("mail-held", owner, "hana@example.com");
        String admin = tokens().mint("{\"sub\":\"root\",\"email\":\"root@platform.example\","
                + "\"roles\":[\"platform-admin\"]}");
        TenantId tenant = TenantId.of("mail-held");
        assertThat(mailsDue(clock.now())).as("due at once").contains(id);

        assertThat(api().post("/v1/admin/tenants/mail-held/suspend", "", admin).status()).isEqualTo(204);
        mailer.mail(tenant, id);

        assertThat(mailsTo("hana@example.com")).as("mailed while suspended").isEmpty();
        assertThat(mailsDue(clock.now())).as("looked at again later, not at every poll").doesNotContain(id);
        assertThat(mailsDue(clock.now().plus(Duration.ofMinutes(6)))).as("still owed").contains(id);

        assertThat(api().post("/v1/admin/tenants/mail-held/resume", "", admin).status()).isEqualTo(204);
        mailer.mail(tenant, id);
        assertThat(mailsTo("hana@example.com")).as("not before it is due again").isEmpty();
        clock.advance(Duration.ofMinutes(6));
        mailer.mail(tenant, id);

        await().atMost(Duration.ofSeconds(10)).until(() -> mailsTo("hana@example.com").size() == 1);
        assertThat(mailsDue(clock.now().plus(Duration.ofDays(1)))).as("mailed, off the index").doesNotContain(id);
    }

    @Test
    void anInvitationRevokedBeforeItsMailWent_leavesTheIndex_andIsNeverMailed() {
        InvitationId id = revokedBeforeItsMail("mail-revoked", "ivy@example.com");

        assertThat(mailsDue(clock.now().plus(Duration.ofDays(1)))).doesNotContain(id);

        mailer.mail(TenantId.of("mail-revoked"), id);
        assertThat(mailsTo("ivy@example.com")).isEmpty();
    }

    @Test
    void anEntryAnEarlierVersionLeftOnAClosedInvitation_isTakenOffTheIndexByTheMailer() {
        InvitationId id = revokedBeforeItsMail("mail-stale", "jon@example.com");
        Map<String, AttributeValue> key = invitationKey(id);
        platform.updateItem(b -> b.tableName(tableName).key(key).updateExpression("SET #pk = :due, #sk = :at")
                .expressionAttributeNames(Map.of("#pk", TableDesign.BY_OWED_WORK.partitionKey(),
                        "#sk", TableDesign.BY_OWED_WORK.sortKey()))
                .expressionAttributeValues(Map.of(":due", AttributeValue.fromS(TableDesign.DUE_DELIVERIES),
                        ":at", AttributeValue.fromS("2020-01-01T00:00:00.000Z"))));
        assertThat(mailsDue(clock.now())).as("as left by a version before the fix").contains(id);

        mailer.mail(TenantId.of("mail-stale"), id);

        assertThat(mailsDue(clock.now().plus(Duration.ofDays(1)))).doesNotContain(id);
        assertThat(mailsTo("jon@example.com")).isEmpty();
    }

    @Test
    void aResendWhileTheOldTokensMailIsInFlight_isMailedWithTheNewToken() {
        String owner = mailingOrganisation("mail-resent");
        InvitationId id = invite("mail-resent", owner, "kim@example.com");
        TenantId tenant = TenantId.of("mail-resent");
        InvitationPostbox.Posting old = postbox.take(tenant, id, "old-mailer", clock.now(), Duration.ofMinutes(1))
                .orElseThrow();

        assertThat(api().post("/v1/orgs/mail-resent/invitations/" + id.value() + "/resend", "", owner).status())
                .isEqualTo(200);
        assertThat(postbox.mailed(old, "old-mailer", clock.now())).as("the old token's mail went").isFalse();
        mailer.mail(tenant, id);

        await().atMost(Duration.ofSeconds(10)).until(() -> mailsTo("kim@example.com").size() == 1);
        String link = api().get("/local/mail", null).json().get("messages").get(0).get("links").get(0).asText();
        assertThat(link).doesNotContain(old.token().value());
        assertThat(mailsDue(clock.now().plus(Duration.ofDays(1)))).as("mailed, off the index").doesNotContain(id);
    }

    @Test
    void anEntryOfAKindThisVersionDoesNotKnow_isSetAsideByThePoll_notLeftFirstInEveryPoll() {
        journeys().organisation("due-unknown");
        Map<String, AttributeValue> entry = Map.of(
                TableDesign.ENCLAVE.partitionKey(), AttributeValue.fromS(ItemKey.tenantPartition(TenantId.of("due-unknown"))),
                TableDesign.ENCLAVE.sortKey(), AttributeValue.fromS("FROM_A_LATER_VERSION#1"),
                TableDesign.BY_OWED_WORK.partitionKey(), AttributeValue.fromS(TableDesign.DUE_DELIVERIES),
                TableDesign.BY_OWED_WORK.sortKey(), AttributeValue.fromS("2020-01-01T00:00:00.000Z"));
        platform.putItem(b -> b.tableName(tableName).item(entry));
        indexesCaughtUp();
        assertThat(unusableDue(clock.now())).containsExactly("FROM_A_LATER_VERSION#1");

        worker.poll();

        assertThat(unusableDue(clock.now())).as("set aside").isEmpty();
        assertThat(unusableDue(clock.now().plus(Duration.ofMinutes(6)))).as("not dropped")
                .containsExactly("FROM_A_LATER_VERSION#1");
    }

    private List<String> unusableDue(Instant at) {
        indexesCaughtUp();
        return queue.due(at, 1000).stream().filter(DeliveryQueue.Unusable.class::isInstance)
                .map(due -> ((DeliveryQueue.Unusable) due).entry().item().sort()).toList();
    }

    private InvitationId revokedBeforeItsMail(String org, String email) {
        String owner = mailingOrganisation(org);
        InvitationId id = invite(org, owner, email);
        assertThat(api().post("/v1/orgs/" + org + "/invitations/" + id.value() + "/revoke", "", owner).status())
                .isEqualTo(204);
        return id;
    }

    private String mailingOrganisation(String org) {
        String owner = journeys().organisation(org);
        assertThat(api().send(api().request("/v1/orgs/" + org + "/invitation-delivery", owner)
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString("{\"delivery\":\"email\"}"))).status()).isEqualTo(200);
        return owner;
    }

    private InvitationId invite(String org, String owner, String email) {
        return new InvitationId(api().post("/v1/orgs/" + org + "/invitations", "{\"email\":\"" + email + "\"}", owner)
                .json().get("invitation").get("id").asText());
    }

    private Map<String, AttributeValue> invitationKey(InvitationId id) {
        Map<String, AttributeValue> item = platform.scan(b -> b.tableName(tableName)).items().stream()
                .filter(found -> found.get(TableDesign.ENCLAVE.sortKey()).s().equals("INVITATION#" + id.value()))
                .findFirst().orElseThrow();
        return Map.of(TableDesign.ENCLAVE.partitionKey(), item.get(TableDesign.ENCLAVE.partitionKey()),
                TableDesign.ENCLAVE.sortKey(), item.get(TableDesign.ENCLAVE.sortKey()));
    }

    private List<InvitationId> mailsDue(Instant at) {
        indexesCaughtUp();
        return queue.due(at, 1000).stream().filter(DeliveryQueue.Mail.class::isInstance)
                .map(due -> ((DeliveryQueue.Mail) due).invitation()).toList();
    }

    private List<String> mailsTo(String to) {
        List<String> found = new ArrayList<>();
        api().get("/local/mail", null).json().get("messages").forEach(m -> {
            if (m.get("to").asText().equals(to)) {
                found.add(m.get("subject").asText());
            }
        });
        return found;
    }
}
