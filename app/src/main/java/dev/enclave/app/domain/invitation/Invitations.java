package dev.enclave.app.domain.invitation;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationRules;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.TenantId;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The invitations, each workflow one conditional transaction on the organisation's scoped client. */
public interface Invitations {

    /**
     * Stores a new pending invitation, superseding the email's pending one (as read, strongly consistent, only when
     * {@code supersedes} allows it), unless a condition refuses: among them, that {@code organisation} is still the
     * incarnation read, active, with a seat free.
     */
    WriteOutcome send(Invitation invitation, Organisation organisation, Supersedes supersedes);

    /**
     * As {@link #send}, and hands the token over as {@code handover} says: with email, the invitation waits (sealed)
     * for the mailer; with webhook, for the webhook deliveries of its event. A store that keeps no tokens sends it.
     */
    default WriteOutcome send(Invitation invitation, Organisation organisation, Handover handover,
                              Supersedes supersedes) {
        return send(invitation, organisation, supersedes);
    }

    /** Whether a new invitation may supersede the email's pending one: its sender could revoke that one. */
    @FunctionalInterface
    interface Supersedes {

        /** Any pending invitation. */
        Supersedes ANY = previous -> true;

        boolean mayClose(Invitation previous);
    }

    /** Creates an organisation with no member and its first owner's invitation, in one transaction. */
    Onboarding onboard(Organisation organisation, Invitation ownerInvitation);

    /** What onboarding came to: done, or the id taken (by an organisation, or one still being deleted). */
    enum Onboarding { DONE, TAKEN, BEING_DELETED }

    Optional<Invitation> find(TenantId tenant, InvitationId id);

    /** The invitation and its organisation as they are now, in one read: what accepting decides from. */
    Optional<ToAccept> findToAccept(TenantId tenant, InvitationId id);

    /**
     * Accepts: the invitation flips to accepted and the membership appears, carrying the organisation's name as
     * read, or nothing changes. The organisation must still be at the version read, so the name copied is current,
     * and the group definitions too when the invitation grants custom groups, so it grants them in the life read.
     */
    WriteOutcome accept(Invitation invitation, Membership membership, Organisation organisation,
                        GroupDefinitions definitions, long nowEpochSeconds);

    /**
     * Which of the services the invitation grants groups of are still there, as the services it was sent for (not
     * deleted, nor deleted and created again under their id): what an accept refused for a vanished service goes on
     * with.
     */
    Set<ServiceId> grantedServicesStillThere(Invitation invitation);

    /** An invitation with its organisation (absent when the organisation is gone). */
    record ToAccept(Invitation invitation, Optional<Organisation> organisation, GroupDefinitions definitions,
                    Set<GroupName> groupsGoneSinceSent) {

        public ToAccept {
            groupsGoneSinceSent = Set.copyOf(groupsGoneSinceSent);
        }

        /** An invitation to accept in an organisation that defines no group of its own. */
        public ToAccept(Invitation invitation, Optional<Organisation> organisation) {
            this(invitation, organisation, GroupDefinitions.NONE, Set.of());
        }
    }

    /** Closes a pending invitation as revoked; false when it was not pending. */
    boolean revoke(Invitation invitation);

    /**
     * Closes a pending invitation as declined with the token read, while {@code organisation} is active in the life
     * read: {@code DONE}, {@code INVITATION_CHANGED}, or the organisation's refusal ({@code ORGANISATION_SUSPENDED},
     * {@code ORGANISATION_GONE}).
     */
    WriteOutcome decline(Invitation invitation, Organisation organisation);

    /**
     * Gives a pending invitation a new token hash and validity; false when it was not pending, or not as read (its
     * token changed meanwhile: another resend).
     */
    boolean renew(Invitation invitation, String tokenHash, java.time.Instant validUntil);

    /** As {@link #renew}, handing the new token over as {@code handover} says. */
    default boolean renew(Invitation invitation, String tokenHash, java.time.Instant validUntil, Handover handover) {
        return renew(invitation, tokenHash, validUntil);
    }

    /** How an invitation's token reaches the invitee, and the token, when Enclave delivers it. */
    record Handover(InvitationDelivery delivery, InviteToken token) {
        public Handover {
            java.util.Objects.requireNonNull(delivery, "delivery");
            java.util.Objects.requireNonNull(token, "token");
        }
    }

    /**
     * One page of the organisation's invitations of a status, newest first, after the position {@code after}: only
     * those of this incarnation of it (the list is read from an index, which may still show a deleted predecessor's).
     */
    InvitationPage withStatus(Organisation organisation, InvitationStatus status, int limit, Optional<String> after);

    /** A page, with the position to continue after when there may be more. */
    record InvitationPage(List<Invitation> invitations, Optional<String> last) {

        public InvitationPage {
            invitations = List.copyOf(invitations);
        }
    }

    /**
     * One page of the pending invitations addressed to an email across tenants, at most {@code limit}, after the
     * position {@code after} (by organisation, then invitation id; scoped to that email's key).
     */
    InvitationPage pendingFor(EmailKey email, Optional<TenantId> in, int limit, Optional<String> after);

    /**
     * What a conditional write came to. A refusal by the organisation says which, from the organisation as it was
     * when it refused, so nothing reads it again to tell.
     */
    enum WriteOutcome {
        DONE,
        /** The invitation, its invitee guard or the organisation's version was not as read: read again and decide. */
        INVITATION_CHANGED,
        /** The email (or, accepting, the user) is a member already. */
        ALREADY_MEMBER,
        /** There is no organisation, or it is being deleted. */
        ORGANISATION_GONE,
        ORGANISATION_SUSPENDED,
        /** Every seat is taken. */
        NO_SEAT,
        /** A service the invitation grants a group of does not exist (any more). */
        SERVICE_GONE,
        /**
         * The member who sent the invitation may no longer grant what it grants: they left the organisation, or lost
         * the role (admin; owner for an invitation granting owner).
         */
        INVITER_GONE,
        /** The email's pending invitation grants what the sender could not revoke, so it is not theirs to replace. */
        NOT_SUPERSEDABLE;

        /** The refusal of an organisation that takes no new member. */
        public static WriteOutcome refusedBy(OrganisationRules.Standing standing) {
            return switch (standing) {
                case GONE -> ORGANISATION_GONE;
                case SUSPENDED -> ORGANISATION_SUSPENDED;
                case NO_SEAT -> NO_SEAT;
            };
        }
    }
}
