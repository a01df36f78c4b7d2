package dev.enclave.app.domain.invitation;

import dev.enclave.app.domain.member.ActingMember;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.profile.ProfileField;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.domain.service.ServiceLookup;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import jakarta.inject.Singleton;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * An admin invites an email with the groups it will get on accepting. One transaction: the invitation, the
 * invitee guard (superseding the email's pending invitation), "not already a member", and a free seat.
 */
@Singleton
public final class SendingInvitation {

    private final Invitations invitations;
    private final InvitationDeliveries deliveries;
    private final ServiceLookup services;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    SendingInvitation(Invitations invitations, InvitationDeliveries deliveries, ServiceLookup services, Clock clock) {
        this.invitations = invitations;
        this.deliveries = deliveries;
        this.services = services;
        this.clock = clock;
    }

    /** {@code inviter} invites {@code email} to {@code organisation} (as read) with what it will get on accepting. */
    public record Send(ActingMember inviter, Organisation organisation, Email email, Set<GroupName> groups,
                       Set<ServiceGroup> serviceGroups, int expiresInDays) {

        public Send {
            groups = Set.copyOf(groups);
            serviceGroups = Set.copyOf(serviceGroups);
        }
    }

    /** The invitation, its token, and how the token reaches the invitee (shown to the sender only as a token). */
    public record Sent(Invitation invitation, InviteToken token, InvitationDelivery delivery) {
    }

    public Outcome<Sent> send(Send command) {
        Membership inviter = command.inviter().membership();
        Organisation organisation = command.organisation();
        Email email = command.email();
        TenantId tenant = organisation.id();
        var refusal = InviterChecks.check(command.inviter(), command.groups()).or(() -> InviterChecks
                .checkServiceGroups(command.inviter(), organisation, command.serviceGroups(), services));
        if (refusal.isPresent()) {
            return Outcome.refused(refusal.get());
        }
        Instant now = clock.instant();
        InvitationId id = InvitationId.random(random);
        InviteToken token = InviteToken.issue(tenant, id, random);
        Invitation invitation = new Invitation(tenant, id, email, command.groups(), command.serviceGroups(),
                token.hash(), InvitationStatus.PENDING, now, now.plus(Duration.ofDays(command.expiresInDays())),
                inviter.userId(), Optional.empty()).invitedBy(inviter.user(), inviter.joinedAt(),
                inviter.profile().profile().get(ProfileField.NAME));
        InvitationDelivery delivery = deliveries.of(tenant);
        Invitations.Supersedes revocable = previous -> InviterChecks.mayTakeBack(command.inviter(), organisation,
                previous, services).isEmpty();
        return switch (invitations.send(invitation, organisation, new Invitations.Handover(delivery, token),
                revocable)) {
            case DONE -> Outcome.done(new Sent(invitation, token, delivery));
            case ALREADY_MEMBER -> refused(Reason.ALREADY_MEMBER, email.value() + " is already a member.");
            case ORGANISATION_GONE -> refused(Reason.ORGANISATION_NOT_FOUND, "The organisation no longer exists.");
            case ORGANISATION_SUSPENDED -> refused(Reason.ORGANISATION_SUSPENDED, "The organisation is suspended.");
            case NO_SEAT -> refused(Reason.SEAT_LIMIT_REACHED, "Every seat is taken.");
            case SERVICE_GONE -> refused(Reason.SERVICE_NOT_FOUND,
                    "A service the invitation grants a group of does not exist; create it first.");
            case INVITER_GONE -> refused(Reason.MISSING_ROLE, "You may no longer grant what this invitation grants.");
            case NOT_SUPERSEDABLE -> refused(Reason.MISSING_ROLE, "A pending invitation to " + email.value()
                    + " grants what you may not grant; only a member who may revoke it can replace it.");
            case INVITATION_CHANGED -> refused(Reason.CONFLICT,
                    "Another invitation to this email was sent at the same moment; try again.");
        };
    }

    private static Outcome<Sent> refused(Reason reason, String detail) {
        return Outcome.refused(reason, detail);
    }
}
