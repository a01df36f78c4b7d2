package dev.enclave.app.domain.invitation;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Refusal;
import jakarta.inject.Singleton;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * An admin resends a pending invitation (an owner, when it grants owner): a new token and validity; the old token
 * stops working.
 */
@Singleton
public final class ResendingInvitation {

    private final Invitations invitations;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    ResendingInvitation(Invitations invitations, Clock clock) {
        this.invitations = invitations;
        this.clock = clock;
    }

    public SendingInvitation.SendResult resend(Membership actor, Invitation invitation, int expiresInDays) {
        var refusal = InviterChecks.check(actor, invitation.groups());
        if (refusal.isPresent()) {
            return new SendingInvitation.Refused(refusal.get());
        }
        InviteToken token = InviteToken.issue(invitation.tenant(), invitation.id(), random);
        Instant validUntil = clock.instant().plus(Duration.ofDays(expiresInDays));
        if (!invitations.renew(invitation, token.hash(), validUntil)) {
            return new SendingInvitation.Refused(new Refusal(Reason.INVITATION_NOT_PENDING,
                    "Only pending invitations can be resent."));
        }
        return new SendingInvitation.Sent(invitation.as(invitation.status(), token.hash(), validUntil,
                invitation.acceptedBy()), token);
    }
}
