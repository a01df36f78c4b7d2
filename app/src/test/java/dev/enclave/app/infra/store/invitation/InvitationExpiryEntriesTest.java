package dev.enclave.app.infra.store.invitation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.enclave.app.domain.invitation.Invitation;
import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.domain.invitation.InvitationStatus;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class InvitationExpiryEntriesTest {

    private static final TenantId ACME = TenantId.of("acme");
    private static final InvitationId ID = new InvitationId("aaaaaaaaaaaaaaaaaaaa");
    private static final Instant VALID_UNTIL = Instant.parse("2026-12-03T10:15:30Z");
    private static final Invitation PENDING = new Invitation(ACME, ID, Email.of("bob@example.com"), Set.of(),
            Set.of(), "hash", InvitationStatus.PENDING, VALID_UNTIL.minusSeconds(60), VALID_UNTIL, "ada",
            Optional.empty());

    @Test
    void aNewGuard_isDueOnTheExpiriesByItsInvitationsValidity_andReadsAsTheGuardItWas() {
        Map<String, AttributeValue> guard = InviteeGuards.of(PENDING);

        assertThat(guard.get("GSI3PK").s()).isEqualTo("WORK#owed#expiries#");
        assertThat(guard.get("GSI3SK").s()).isEqualTo("2026-12-03T10:15:30.000000000Z#acme#aaaaaaaaaaaaaaaaaaaa");
        assertThat(InviteeGuards.expiryMark(guard)).contains(guard.get("GSI3SK").s());
        assertThat(InviteeGuards.read(guard).invitation()).isEqualTo(ID);
        assertThat(ReadScope.dueInvitationExpiries().admits(guard)).isTrue();
        assertThat(guard.get("expiresAt").n()).as("TTL a retention after the expiry is due")
                .isEqualTo(String.valueOf(VALID_UNTIL.plus(InvitationItems.RETENTION).getEpochSecond()));
    }

    @Test
    void marks_areTheValidityAsStored_inWholeSeconds_andSortAsTheValidities() {
        assertThat(InvitationKeys.expiryMark(ACME, ID, VALID_UNTIL.plusMillis(500)))
                .isEqualTo(InvitationKeys.expiryMark(ACME, ID, VALID_UNTIL))
                .isLessThan(InvitationKeys.expiryMark(ACME, ID, VALID_UNTIL.plusSeconds(1)))
                .isLessThan(InvitationKeys.expiryMark(ACME, ID, VALID_UNTIL.plusSeconds(10)));
        Invitation sent = PENDING.as(InvitationStatus.PENDING, "hash", VALID_UNTIL.plusNanos(123_456_789),
                Optional.empty());
        Invitation read = InvitationItems.SCHEMA.fromItem(InvitationItems.SCHEMA.toItem(sent));
        assertThat(InviteeGuards.expiryMark(InviteeGuards.of(sent))).as("the guard written when it was sent")
                .contains(InvitationReads.expiryDueOf(read));
    }

    @Test
    void aLegacyGuard_withoutAnEntry_hasNoExpiryMark() {
        Map<String, AttributeValue> legacy = new HashMap<>(InviteeGuards.of(PENDING));
        legacy.remove("GSI3PK");
        legacy.remove("GSI3SK");

        assertThat(InviteeGuards.expiryMark(legacy)).isEmpty();
        assertThat(ReadScope.dueInvitationExpiries().admits(legacy)).isFalse();
    }

    @Test
    void theIndexRead_admitsOnlyGuardsInOneTenantsControlPartition() {
        Map<String, AttributeValue> foreign = new HashMap<>(InviteeGuards.of(PENDING));
        foreign.put("PK", AttributeValue.fromS("TENANT#acme#DATA#x#"));
        assertThat(ReadScope.dueInvitationExpiries().admits(foreign)).isFalse();

        Map<String, AttributeValue> notAGuard = new HashMap<>(InviteeGuards.of(PENDING));
        notAGuard.put("SK", AttributeValue.fromS("INVITATION#aaaaaaaaaaaaaaaaaaaa"));
        assertThat(ReadScope.dueInvitationExpiries().admits(notAGuard)).isFalse();

        Map<String, AttributeValue> otherPartition = new HashMap<>(InviteeGuards.of(PENDING));
        otherPartition.put("GSI3PK", AttributeValue.fromS("WORK#owed#deliveries#"));
        assertThat(ReadScope.dueInvitationExpiries().admits(otherPartition)).isFalse();
    }

    @Test
    void anEntry_readsAsItsGuard_unlessItsMarkNamesAnotherOrganisation() {
        Map<String, AttributeValue> guard = InviteeGuards.of(PENDING);
        var due = DynamoDbInvitationExpiries.due(guard);
        assertThat(due.tenant()).isEqualTo(ACME);
        assertThat(due.guard().sort()).isEqualTo(guard.get("SK").s());
        assertThat(due.mark()).isEqualTo(guard.get("GSI3SK").s());

        Map<String, AttributeValue> forged = new HashMap<>(guard);
        forged.put("GSI3SK", AttributeValue.fromS("2026-12-03T10:15:30.000000000Z#globex#aaaaaaaaaaaaaaaaaaaa"));
        assertThatThrownBy(() -> DynamoDbInvitationExpiries.due(forged)).isInstanceOf(RuntimeException.class);
    }
}
