package dev.enclave.app.domain.invitation;

import dev.enclave.app.domain.member.ActingMember;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Refusal;
import dev.enclave.app.domain.profile.ProfileField;
import dev.enclave.app.domain.service.ServiceLookup;
import jakarta.inject.Singleton;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * An admin resends a pending invitation (an owner, when it grants owner): a new token and validity; the old token
 * stops working, and the invitation carries the resender's authority from then on (its first sender may have left).
 * One past its validity is not resent, whether or not its expiry was recorded yet: send a new one.
 */
@Singleton
public final class ResendingInvitation {

    private final Invitations invitations;
    private final InvitationDeliveries deliveries;
    private final ServiceLookup services;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    ResendingInvitation(Invitations invitations, InvitationDeliveries deliveries, ServiceLookup services,
                        Clock clock) {
        this.invitations = invitations;
        this.deliveries = deliveries;
        this.services = services;
        this.clock = clock;
    }

    /**
     * {@code actor} resends {@code invitation} (as read) of {@code organisation}, valid for {@code expiresInDays} from
     * now: only who could send it, service groups included, hands out its new token.
     */
    public record Resend(ActingMember actor, Organisation organisation, Invitation invitation, int expiresInDays) {
    }

    public Outcome<SendingInvitation.Sent> resend(Resend command) {
        Invitation read = command.invitation();
        Optional<Refusal> refusal = InviterChecks.check(command.actor(), read.groups()).or(() -> InviterChecks
                .checkServiceGroups(command.actor(), command.organisation(), read.serviceGroups(), services));
        if (refusal.isPresent()) {
            return Outcome.refused(refusal.get());
        }
        if (read.expiredAt(clock.instant())) {
            return Outcome.refused(Reason.INVITATION_NOT_PENDING,
                    "The invitation is past its validity; send a new one.");
        }
        Membership resender = command.actor().membership();
        Invitation invitation = read.resentBy(resender.user(), resender.userId(), resender.joinedAt(),
                resender.profile().profile().get(ProfileField.NAME));
        InviteToken token = InviteToken.issue(invitation.tenant(), invitation.id(), random);
        Instant validUntil = Invitation.wholeSeconds(clock.instant().plus(Duration.ofDays(command.expiresInDays())));
        InvitationDelivery delivery = deliveries.of(invitation.tenant());
        if (!invitations.renew(invitation, token.hash(), validUntil, new Invitations.Handover(delivery, token))) {
            return Outcome.refused(Reason.INVITATION_NOT_PENDING, "Only pending invitations can be resent, and this "
                    + "one was closed or resent meanwhile; read it again.");
        }
        return Outcome.done(new SendingInvitation.Sent(invitation.as(invitation.status(), token.hash(), validUntil,
                invitation.acceptedBy()), token, delivery));
    }

}
