package dev.enclave.app.domain.invitation;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.invitation.Invitations.WriteOutcome;
import dev.enclave.app.domain.member.Members;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.OrganisationRules;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Refusal;
import dev.enclave.app.domain.outcome.Rereads;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.profile.ProfileCopy;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.identity.UserKey;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Instant;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The invitee accepts with the token: the email their identity provider verified must be the invitation's, it must
 * be pending and unexpired, the organisation active with a seat free. The invitation flips and the membership (with
 * the invited groups) appears in one transaction. Accepting again as the same user answers the same membership.
 */
@Singleton
public record AcceptingInvitation(Invitations invitations, Members members, Clock clock) {

    private static final int ATTEMPTS = 8;

    /**
     * The caller accepts the invitation their token names; the new membership keeps {@code profile}, the caller's
     * profile as it is now.
     */
    public record Accept(Caller caller, String token, ProfileCopy profile) {

        /** An acceptance by a caller with no profile. */
        public Accept(Caller caller, String token) {
            this(caller, token, ProfileCopy.NONE);
        }
    }

    /**
     * What earlier attempts found: that the caller is a member already (decided only after reading the invitation
     * again), and the services the invitation grants groups of that are gone.
     */
    private record Learned(boolean memberAlready, Set<ServiceId> vanished) {

        Learned {
            vanished = Set.copyOf(vanished);
        }
    }

    /**
     * Each attempt decides from one read of the invitation and its organisation, and writes only when nothing read
     * refuses. A refusal by the organisation is answered as the write found the organisation. A refusal because
     * someone is a member already is decided after reading the invitation again: a cancelled transaction need not
     * report every condition that failed, so it may not show whether the caller just accepted this very invitation
     * (a replay, answered with the membership).
     */
    public Outcome<Membership> accept(Accept command) {
        Optional<InviteToken> token = InviteToken.parse(command.token());
        if (token.isEmpty()) {
            return Outcome.refused(InviteeChecks.invalidToken());
        }
        return Rereads.decide(ATTEMPTS, new Learned(false, Set.of()),
                learned -> attempt(command, token.get(), learned),
                () -> Outcome.refused(Reason.CONFLICT, "The invitation or its organisation kept changing while it was "
                        + "being accepted; try again."));
    }

    private Rereads.Step<Learned, Outcome<Membership>> attempt(Accept command, InviteToken token, Learned learned) {
        Caller caller = command.caller();
        UserKey user = caller.userKey();
        Optional<Invitations.ToAccept> found = InviteeChecks.findToAcceptByToken(invitations, token);
        Optional<Outcome<Membership>> decided = found.isEmpty()
                ? Optional.of(Outcome.refused(InviteeChecks.invalidToken()))
                : decide(caller, user, found.get(), learned.memberAlready());
        if (decided.isPresent()) {
            return new Rereads.Decided<>(decided.get());
        }
        Invitation invitation = found.get().invitation().withoutServices(learned.vanished())
                .withoutGroups(found.get().groupsGoneSinceSent());
        Membership membership = membershipFor(command, user, invitation);
        WriteOutcome written = invitations.accept(invitation, membership, found.get().organisation().get(),
                found.get().definitions(), clock.instant().getEpochSecond());
        return switch (written) {
            case DONE -> new Rereads.Decided<>(Outcome.done(membership));
            case ALREADY_MEMBER -> new Rereads.Again<>(new Learned(true, learned.vanished()));
            case INVITATION_CHANGED -> new Rereads.Again<>(learned);
            case SERVICE_GONE -> new Rereads.Again<>(new Learned(learned.memberAlready(),
                    union(learned.vanished(), vanishedServices(invitation))));
            case ORGANISATION_GONE, ORGANISATION_SUSPENDED, NO_SEAT ->
                    new Rereads.Decided<>(organisationRefusal(written));
            case INVITER_GONE -> new Rereads.Decided<>(Outcome.refused(Reason.INVITATION_NOT_PENDING,
                    "The member who sent this invitation can no longer grant what it grants (they left the"
                            + " organisation or lost the role); ask for a new invitation."));
            case NOT_SUPERSEDABLE -> throw new IllegalStateException("an acceptance supersedes no invitation");
        };
    }

    private static Set<ServiceId> union(Set<ServiceId> known, Set<ServiceId> more) {
        Set<ServiceId> all = new HashSet<>(known);
        all.addAll(more);
        return all;
    }

    /**
     * Decides from what was read, when it can, in this order: a token bound to another tenant, a replay, the invitee
     * and the invitation (wrong invitee, not pending, expired), the caller found to be a member already by the
     * previous attempt, the organisation (gone, suspended, no seat). Empty: nothing read stands in the way.
     */
    private Optional<Outcome<Membership>> decide(Caller caller, UserKey user, Invitations.ToAccept found,
                                                 boolean memberAlready) {
        Invitation invitation = found.invitation();
        Optional<Refusal> bound = InviteeChecks.boundElsewhere(caller, invitation);
        if (bound.isPresent()) {
            return bound.map(Outcome::refused);
        }
        if (invitation.status() == InvitationStatus.ACCEPTED) {
            return Optional.of(replayed(user, found));
        }
        Optional<Refusal> invitee = InviteeChecks.check(caller, invitation, clock.instant());
        if (invitee.isPresent()) {
            return invitee.map(Outcome::refused);
        } else if (memberAlready) {
            return Optional.of(Outcome.refused(Reason.ALREADY_MEMBER, "You are already a member."));
        }
        return OrganisationRules.refusal(found.organisation()).map(WriteOutcome::refusedBy)
                .map(AcceptingInvitation::organisationRefusal);
    }

    /**
     * The membership an accept made, answered again to the one who made it while the organisation still stands: a
     * suspended organisation answers 423 and one being deleted 404, as to any other request of its members.
     */
    private Outcome<Membership> replayed(UserKey user, Invitations.ToAccept found) {
        Invitation invitation = found.invitation();
        if (invitation.acceptedBy().filter(user::equals).isEmpty()) {
            return Outcome.refused(Reason.INVITATION_NOT_PENDING, "The invitation was accepted.");
        }
        Optional<OrganisationRules.Standing> standing = OrganisationRules.refusal(found.organisation())
                .filter(refused -> refused != OrganisationRules.Standing.NO_SEAT);
        if (standing.isPresent()) {
            return organisationRefusal(WriteOutcome.refusedBy(standing.get()));
        }
        return members.find(invitation.tenant(), user).map(Outcome::done)
                .orElseGet(() -> Outcome.refused(Reason.INVITATION_NOT_PENDING, "The invitation was accepted."));
    }

    private Membership membershipFor(Accept command, UserKey user, Invitation invitation) {
        Caller caller = command.caller();
        Set<GroupName> groups = new HashSet<>(invitation.groups());
        groups.add(GroupName.MEMBER);
        Instant now = clock.instant();
        return new Membership(invitation.tenant(), user, caller.subject(), caller.issuer(),
                Optional.of(invitation.email()),
                groups, now, 1, command.profile());
    }

    /**
     * The services the invitation grants groups of that are gone now: a service deleted after the invitation was
     * sent took its groups with it, for members and invitees alike (a service created again under its id is another
     * one), so accepting goes on without them.
     */
    private Set<ServiceId> vanishedServices(Invitation invitation) {
        Set<ServiceId> gone = new HashSet<>(invitation.grantedServices());
        gone.removeAll(invitations.grantedServicesStillThere(invitation));
        return gone;
    }

    private static Outcome<Membership> organisationRefusal(WriteOutcome organisation) {
        return Outcome.refused(InviteeChecks.byOrganisation(switch (organisation) {
            case ORGANISATION_GONE -> OrganisationRules.Standing.GONE;
            case ORGANISATION_SUSPENDED -> OrganisationRules.Standing.SUSPENDED;
            case NO_SEAT -> OrganisationRules.Standing.NO_SEAT;
            case DONE, INVITATION_CHANGED, ALREADY_MEMBER, SERVICE_GONE, INVITER_GONE, NOT_SUPERSEDABLE ->
                    throw new IllegalArgumentException(organisation + " is no refusal by the organisation");
        }));
    }
}
