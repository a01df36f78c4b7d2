package dev.enclave.app.infra.store.invitation;

import dev.enclave.app.domain.invitation.Invitation;
import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.infra.store.StoredKind;
import dev.enclave.identity.EmailKey;
import java.util.Objects;

/** How the consistency checker reads the items the invitations' store keeps. */
public final class InvitationReads {

    /** An invitation. */
    public static final StoredKind<Invitation> INVITATION = StoredKind.prefixed(InvitationKeys.SORT_KEY_PREFIX,
            InvitationItems.SCHEMA::fromItem, (tenant, invitation) -> InvitationItems.SCHEMA.toItem(invitation));
    /** The guard naming the one pending invitation of an email. */
    public static final StoredKind<Invitee> INVITEE = StoredKind.prefixed(InvitationKeys.INVITEE_PREFIX,
            InviteeGuards::read, InviteeGuards::written);

    private InvitationReads() {
    }

    /**
     * What an invitee guard says: the email it is kept for (its key holds the email's digest alone) and the pending
     * invitation of that email.
     */
    public record Invitee(EmailKey email, InvitationId invitation) {

        public Invitee {
            Objects.requireNonNull(email, "email");
            Objects.requireNonNull(invitation, "invitation");
        }
    }
}
