package dev.enclave.app.invitation;

import dev.enclave.app.member.Membership;
import dev.enclave.app.organisation.Organisation;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.TenantId;
import java.util.List;
import java.util.Optional;

/** The invitations, each workflow one conditional transaction on the organisation's scoped client. */
public interface Invitations {

    /** Stores a new pending invitation, superseding the email's pending one, unless a condition refuses. */
    WriteOutcome send(Invitation invitation);

    /** Creates an organisation with no member and its first owner's invitation, in one transaction. */
    boolean onboard(Organisation organisation, Invitation ownerInvitation);

    Optional<Invitation> find(TenantId tenant, InvitationId id);

    /** The invitation and its organisation as they are now, in one read: what accepting decides from. */
    Optional<ToAccept> findToAccept(TenantId tenant, InvitationId id);

    /**
     * Accepts: the invitation flips to accepted and the membership appears, carrying the organisation's name as
     * read, or nothing changes. The organisation must still be at the version read, so the name copied is current.
     */
    WriteOutcome accept(Invitation invitation, Membership membership, Organisation organisation, long nowEpochSeconds);

    /** An invitation with its organisation (absent when the organisation is gone). */
    record ToAccept(Invitation invitation, Optional<Organisation> organisation) {
    }

    /** Closes a pending invitation as revoked or declined; false when it was not pending. */
    boolean close(Invitation invitation, InvitationStatus status);

    /** Gives a pending invitation a new token hash and validity; false when it was not pending. */
    boolean renew(Invitation invitation, String tokenHash, java.time.Instant validUntil);

    /** One page of the organisation's invitations of a status, newest first, after the position {@code after}. */
    InvitationPage withStatus(TenantId tenant, InvitationStatus status, int limit, Optional<String> after);

    /** A page, with the position to continue after when there may be more. */
    record InvitationPage(List<Invitation> invitations, Optional<String> last) {

        public InvitationPage {
            invitations = List.copyOf(invitations);
        }
    }

    /** The pending invitations addressed to an email, across tenants (scoped to that email's key). */
    List<Invitation> pendingFor(EmailKey email);

    /** What a conditional write came to. */
    enum WriteOutcome {
        DONE,
        /** The invitation, its invitee guard or the organisation's version was not as read: read again and decide. */
        INVITATION_CHANGED,
        ALREADY_MEMBER,
        /** No seat left, or the organisation is suspended. */
        ORGANISATION_REFUSED
    }
}
