package dev.enclave.app.domain.invitation;

import dev.enclave.app.domain.member.ActingMember;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Refusal;
import jakarta.inject.Singleton;
import java.util.Optional;

/** An admin revokes a pending invitation (an owner, when it grants owner); its token stops working. */
@Singleton
public record RevokingInvitation(Invitations invitations) {

    /** {@code actor} revokes {@code invitation}, as read. */
    public record Revoke(ActingMember actor, Invitation invitation) {
    }

    public Outcome<Void> revoke(Revoke command) {
        Optional<Refusal> refusal = InviterChecks.check(command.actor(), command.invitation().groups());
        if (refusal.isPresent()) {
            return Outcome.refused(refusal.get());
        }
        return invitations.revoke(command.invitation()) ? Outcome.done()
                : Outcome.refused(Reason.INVITATION_NOT_PENDING, "Only pending invitations can be revoked.");
    }
}
