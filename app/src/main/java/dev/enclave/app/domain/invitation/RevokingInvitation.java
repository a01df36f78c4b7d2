package dev.enclave.app.domain.invitation;

import dev.enclave.app.domain.member.ActingMember;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Refusal;
import dev.enclave.app.domain.service.ServiceLookup;
import jakarta.inject.Singleton;
import java.util.Optional;

/**
 * An admin revokes a pending invitation (an owner, when it grants owner; whoever may give its service groups, when
 * they carry permissions); its token stops working.
 */
@Singleton
public record RevokingInvitation(Invitations invitations, ServiceLookup services) {

    /** {@code actor} revokes {@code invitation} of {@code organisation}, as read. */
    public record Revoke(ActingMember actor, Organisation organisation, Invitation invitation) {
    }

    public Outcome<Void> revoke(Revoke command) {
        Optional<Refusal> refusal = InviterChecks.mayTakeBack(command.actor(), command.organisation(),
                command.invitation(), services);
        if (refusal.isPresent()) {
            return Outcome.refused(refusal.get());
        }
        return invitations.revoke(command.invitation()) ? Outcome.done()
                : Outcome.refused(Reason.INVITATION_NOT_PENDING, "Only pending invitations can be revoked.");
    }
}
