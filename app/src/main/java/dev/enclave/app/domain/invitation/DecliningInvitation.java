package dev.enclave.app.domain.invitation;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.invitation.Invitations.WriteOutcome;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationRules;
import dev.enclave.app.domain.organisation.OrganisationRules.Standing;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Refusal;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.Optional;

/**
 * The invitee declines with the token (again: done, as the first time, so a retry is safe): the same checks as
 * accepting, of the invitee and of the organisation (a
 * suspended one changes nothing: 423; one being deleted is gone: 404); the invitation closes, nothing else changes.
 */
@Singleton
public record DecliningInvitation(Invitations invitations, Clock clock) {

    /** The caller declines the invitation their token names. */
    public record Decline(Caller caller, String token) {
    }

    public Outcome<Void> decline(Decline command) {
        Optional<Invitations.ToAccept> found = InviteToken.parse(command.token())
                .flatMap(token -> InviteeChecks.findToAcceptByToken(invitations, token));
        if (found.isEmpty()) {
            return Outcome.refused(InviteeChecks.invalidToken());
        }
        Invitation invitation = found.get().invitation();
        if (invitation.status() == InvitationStatus.DECLINED && InviteeChecks.isInvitee(command.caller(), invitation)) {
            return Outcome.done();
        }
        Optional<Refusal> refused = InviteeChecks.check(command.caller(), invitation, clock.instant())
                .or(() -> organisationRefusal(found.get().organisation()));
        if (refused.isPresent()) {
            return Outcome.refused(refused.get());
        }
        WriteOutcome outcome = invitations.decline(invitation, found.get().organisation().get());
        return switch (outcome) {
            case DONE -> Outcome.done();
            case ORGANISATION_SUSPENDED -> Outcome.refused(InviteeChecks.byOrganisation(Standing.SUSPENDED));
            case ORGANISATION_GONE -> Outcome.refused(InviteeChecks.byOrganisation(Standing.GONE));
            case INVITATION_CHANGED -> Outcome.refused(Reason.INVITATION_NOT_PENDING, "The invitation just changed.");
            case ALREADY_MEMBER, NO_SEAT, SERVICE_GONE, INVITER_GONE, NOT_SUPERSEDABLE ->
                    throw new IllegalStateException("a decline does not answer " + outcome);
        };
    }

    /** A seat is not needed to decline; a suspended organisation or one being deleted refuses. */
    private static Optional<Refusal> organisationRefusal(Optional<Organisation> organisation) {
        return OrganisationRules.refusal(organisation).filter(standing -> standing != Standing.NO_SEAT)
                .map(InviteeChecks::byOrganisation);
    }
}
