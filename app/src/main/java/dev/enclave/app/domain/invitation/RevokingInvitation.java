package dev.enclave.app.domain.invitation;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Refusal;
import jakarta.inject.Singleton;
import java.util.Optional;

/** An admin revokes a pending invitation (an owner, when it grants owner); its token stops working. */
@Singleton
public final class RevokingInvitation {

    private final Invitations invitations;

    RevokingInvitation(Invitations invitations) {
        this.invitations = invitations;
    }

    /** Empty when revoked; otherwise why not. */
    public Optional<Refusal> revoke(Membership actor, Invitation invitation) {
        return InviterChecks.check(actor, invitation.groups())
                .or(() -> invitations.close(invitation, InvitationStatus.REVOKED) ? Optional.empty()
                        : Optional.of(new Refusal(Reason.INVITATION_NOT_PENDING,
                                "Only pending invitations can be revoked.")));
    }
}
