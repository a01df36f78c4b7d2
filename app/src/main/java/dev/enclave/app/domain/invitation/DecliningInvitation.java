package dev.enclave.app.domain.invitation;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Refusal;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.Optional;

/** The invitee declines with the token: the same checks as accepting; the invitation closes, nothing else changes. */
@Singleton
public record DecliningInvitation(Invitations invitations, Clock clock) {

    /** The caller declines the invitation their token names. */
    public record Decline(Caller caller, String token) {
    }

    public Outcome<Void> decline(Decline command) {
        Optional<Invitation> invitation = InviteToken.parse(command.token())
                .flatMap(token -> InviteeChecks.findByToken(invitations, token));
        if (invitation.isEmpty()) {
            return Outcome.refused(InviteeChecks.invalidToken());
        }
        Optional<Refusal> invitee = InviteeChecks.check(command.caller(), invitation.get(), clock.instant());
        if (invitee.isPresent()) {
            return Outcome.refused(invitee.get());
        }
        return invitations.close(invitation.get(), InvitationStatus.DECLINED) ? Outcome.done()
                : Outcome.refused(Reason.INVITATION_NOT_PENDING, "The invitation just changed.");
    }
}
