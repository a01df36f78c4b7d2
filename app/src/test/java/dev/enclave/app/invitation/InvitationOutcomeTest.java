package dev.enclave.app.invitation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.invitation.Invitations.WriteOutcome;
import dev.enclave.app.store.TransactionOutcome;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** An invitation workflow's outcome is read from the roles that refused, never from where their writes sat. */
class InvitationOutcomeTest {

    private static final Map<String, AttributeValue> ORGANISATION_AT_4 = Map.of("version", AttributeValue.fromN("4"));

    @Test
    void aMembershipThere_isAlreadyAMember_whateverElseRefused() {
        assertThat(DynamoDbInvitations.outcome(new TransactionOutcome(Map.of(
                InvitationWrite.NOT_YET_A_MEMBER, List.of(Map.of()), InvitationWrite.SEAT_AVAILABLE,
                List.of(ORGANISATION_AT_4)), Optional.empty()), OptionalLong.of(4)))
                .isEqualTo(WriteOutcome.ALREADY_MEMBER);
    }

    @Test
    void theOrganisationAtTheVersionRead_refusing_isTheOrganisationsRefusal() {
        assertThat(DynamoDbInvitations.outcome(refused(InvitationWrite.SEAT_AVAILABLE, ORGANISATION_AT_4),
                OptionalLong.of(4))).isEqualTo(WriteOutcome.ORGANISATION_REFUSED);
    }

    @Test
    void theOrganisationMovedOnSinceRead_isAChangeToReadAgain() {
        assertThat(DynamoDbInvitations.outcome(refused(InvitationWrite.SEAT_AVAILABLE, ORGANISATION_AT_4),
                OptionalLong.of(3))).isEqualTo(WriteOutcome.INVITATION_CHANGED);
    }

    @Test
    void theInvitationOrItsGuardChanging_isAChangeToReadAgain() {
        assertThat(DynamoDbInvitations.outcome(refused(InvitationWrite.INVITEE, Map.of()), OptionalLong.empty()))
                .isEqualTo(WriteOutcome.INVITATION_CHANGED);
        assertThat(DynamoDbInvitations.outcome(TransactionOutcome.COMMITTED, OptionalLong.empty()))
                .isEqualTo(WriteOutcome.DONE);
    }

    private static TransactionOutcome refused(InvitationWrite role, Map<String, AttributeValue> old) {
        return new TransactionOutcome(Map.of(role, List.of(old)), Optional.empty());
    }
}
