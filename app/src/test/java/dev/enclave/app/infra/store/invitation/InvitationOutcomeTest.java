package dev.enclave.app.infra.store.invitation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.invitation.Invitations.WriteOutcome;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationRules;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.TransactionOutcome;
import dev.enclave.app.infra.store.organisation.OrganisationWrites;
import dev.enclave.identity.TenantId;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An invitation workflow's outcome is read from the roles that refused, never from where their writes sat, and an
 * organisation's refusal says which it was from the organisation's item as the refusal returned it.
 */
class InvitationOutcomeTest {

    private static final TenantId ACME = TenantId.of("acme");

    private final CheckedItems checked = new CheckedItems(new SimpleMeterRegistry());

    @Test
    void aMembershipThere_isAlreadyAMember_whateverElseRefused() {
        assertThat(outcome(new TransactionOutcome(Map.of(
                InvitationWrite.NOT_YET_A_MEMBER, List.of(Map.of()), InvitationWrite.SEAT_AVAILABLE,
                List.of(organisation(OrganisationStatus.SUSPENDED, 1, 5))), Optional.empty())))
                .isEqualTo(WriteOutcome.ALREADY_MEMBER);
    }

    @Test
    void theOrganisationSuspended_isSuspended() {
        assertThat(outcome(organisationRefused(organisation(OrganisationStatus.SUSPENDED, 1, 5))))
                .isEqualTo(WriteOutcome.ORGANISATION_SUSPENDED);
    }

    @Test
    void theOrganisationWithEverySeatTaken_isNoSeat() {
        assertThat(outcome(organisationRefused(organisation(OrganisationStatus.ACTIVE, 5, 5))))
                .isEqualTo(WriteOutcome.NO_SEAT);
    }

    @Test
    void theOrganisationBeingDeleted_isGone() {
        assertThat(outcome(organisationRefused(organisation(OrganisationStatus.DELETING, 1, 5))))
                .isEqualTo(WriteOutcome.ORGANISATION_GONE);
    }

    @Test
    void noOrganisationItem_isGone() {
        assertThat(outcome(organisationRefused(Map.of()))).isEqualTo(WriteOutcome.ORGANISATION_GONE);
    }

    @Test
    void anOrganisationItemOfAnotherTenant_isNotTaken_soTheOrganisationIsGone() {
        Map<String, AttributeValue> foreign = OrganisationWrites.created(new Organisation(TenantId.of("other"),
                "Other", 5, 5, OrganisationStatus.ACTIVE, 7, Instant.EPOCH, Optional.empty())).item();

        assertThat(outcome(organisationRefused(foreign))).isEqualTo(WriteOutcome.ORGANISATION_GONE);
    }

    @Test
    void theOrganisationStillTakingMembers_refusedOnlyItsVersionRead_soItIsAChangeToReadAgain() {
        assertThat(outcome(organisationRefused(organisation(OrganisationStatus.ACTIVE, 1, 5))))
                .isEqualTo(WriteOutcome.INVITATION_CHANGED);
    }

    @Test
    void theInvitationOrItsGuardChanging_isAChangeToReadAgain() {
        assertThat(outcome(new TransactionOutcome(Map.of(InvitationWrite.INVITEE, List.of(Map.of())),
                Optional.empty()))).isEqualTo(WriteOutcome.INVITATION_CHANGED);
        assertThat(outcome(TransactionOutcome.COMMITTED)).isEqualTo(WriteOutcome.DONE);
    }

    @Test
    void organisationRefusal_asRead_followsTheSeatCondition() {
        assertThat(refusal(Optional.empty())).contains(WriteOutcome.ORGANISATION_GONE);
        assertThat(refusal(Optional.of(read(OrganisationStatus.DELETING, 1, 5))))
                .contains(WriteOutcome.ORGANISATION_GONE);
        assertThat(refusal(Optional.of(read(OrganisationStatus.SUSPENDED, 1, 5))))
                .contains(WriteOutcome.ORGANISATION_SUSPENDED);
        assertThat(refusal(Optional.of(read(OrganisationStatus.ACTIVE, 5, 5)))).contains(WriteOutcome.NO_SEAT);
        assertThat(refusal(Optional.of(read(OrganisationStatus.ACTIVE, 4, 5)))).isEmpty();
    }

    @Test
    void anotherIncarnationOfTheOrganisation_refusing_isTheOrganisationGone() {
        Organisation successor = new Organisation(ACME, "Acme", 5, 1, OrganisationStatus.ACTIVE, 1,
                Instant.EPOCH.plusSeconds(60), Optional.empty());

        assertThat(outcome(organisationRefused(OrganisationWrites.created(successor).item())))
                .isEqualTo(WriteOutcome.ORGANISATION_GONE);
    }

    private static Optional<WriteOutcome> refusal(Optional<Organisation> found) {
        return OrganisationRules.refusal(found).map(WriteOutcome::refusedBy);
    }

    @Test
    void aGrantedServiceRefusing_isServiceGone_unlessTheMembershipOrTheOrganisationRefusedToo() {
        assertThat(outcome(new TransactionOutcome(Map.of(InvitationWrite.SERVICE, List.of(Map.of())),
                Optional.empty()))).isEqualTo(WriteOutcome.SERVICE_GONE);
        assertThat(outcome(new TransactionOutcome(Map.of(InvitationWrite.SERVICE, List.of(Map.of()),
                InvitationWrite.SEAT_AVAILABLE, List.of(organisation(OrganisationStatus.ACTIVE, 5, 5))),
                Optional.empty()))).isEqualTo(WriteOutcome.NO_SEAT);
    }

    private WriteOutcome outcome(TransactionOutcome outcome) {
        return DynamoDbInvitations.outcome(outcome, read(OrganisationStatus.ACTIVE, 1, 5), checked);
    }

    private static TransactionOutcome organisationRefused(Map<String, AttributeValue> old) {
        return new TransactionOutcome(Map.of(InvitationWrite.SEAT_AVAILABLE, List.of(old)), Optional.empty());
    }

    private static Map<String, AttributeValue> organisation(OrganisationStatus status, int members, int seats) {
        return OrganisationWrites.created(read(status, members, seats)).item();
    }

    private static Organisation read(OrganisationStatus status, int members, int seats) {
        return new Organisation(ACME, "Acme", seats, members, status, 7, Instant.EPOCH, Optional.empty());
    }
}
