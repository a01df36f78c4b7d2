package dev.enclave.app.domain.invitation;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Refusal;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.Optional;

/** The invitee declines with the token: the same checks as accepting; the invitation closes, nothing else changes. */
@Singleton
public final class DecliningInvitation {

    private final Invitations invitations;
    private final Clock clock;

    DecliningInvitation(Invitations invitations, Clock clock) {
        this.invitations = invitations;
        this.clock = clock;
    }

    /** Empty when declined; otherwise why not. */
    public Optional<Refusal> decline(Caller caller, String tokenValue) {
        Optional<Invitation> invitation = InviteToken.parse(tokenValue)
                .flatMap(token -> InviteeChecks.findByToken(invitations, token));
        if (invitation.isEmpty()) {
            return Optional.of(InviteeChecks.invalidToken());
        }
        return InviteeChecks.check(caller, invitation.get(), clock.instant())
                .or(() -> invitations.close(invitation.get(), InvitationStatus.DECLINED) ? Optional.empty()
                        : Optional.of(new Refusal(Reason.INVITATION_NOT_PENDING, "The invitation just changed.")));
    }
}
