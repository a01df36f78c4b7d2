package dev.enclave.app.infra.store.invitation;

import dev.enclave.app.domain.invitation.Invitation;
import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.infra.store.StoredKind;
import dev.enclave.identity.EmailKey;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** How the consistency checker reads the items the invitations' store keeps. */
public final class InvitationReads {

    /** An invitation. */
    public static final StoredKind<Invitation> INVITATION = StoredKind.prefixed(InvitationKeys.SORT_KEY_PREFIX,
            InvitationItems.SCHEMA::fromItem, (tenant, invitation) -> InvitationItems.SCHEMA.toItem(invitation));
    /** The guard naming the one pending invitation of an email. */
    public static final StoredKind<Invitee> INVITEE = StoredKind.prefixed(InvitationKeys.INVITEE_PREFIX,
            InviteeGuards::read, InviteeGuards::written);

    /**
     * How long after its validity a pending invitation whose guard is due on the expiries may still be pending: the
     * background pass expires the due ones at each of its job polls ({@code enclave.jobs.poll-interval}, 5 s by
     * default), a pass that fails is tried again at the next, and the owed-work index lags by seconds at most.
     */
    public static final Duration EXPIRED_WITHIN = Duration.ofMinutes(5);

    private InvitationReads() {
    }

    /** The entry a guard has on the invitation expiries ({@code GSI3SK}), if any. */
    public static Optional<String> expiryDue(Map<String, AttributeValue> guard) {
        return InviteeGuards.expiryMark(guard);
    }

    /** The entry the guard of {@code invitation} has on the invitation expiries, by its validity. */
    public static String expiryDueOf(Invitation invitation) {
        return InvitationKeys.expiryMark(invitation.tenant(), invitation.id(), invitation.validUntil());
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
