package dev.enclave.app.infra.store.invitation;

import dev.enclave.app.domain.invitation.Invitation;
import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.domain.invitation.InviteToken;
import dev.enclave.identity.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The invitations Enclave delivers itself, as their deliverers see them: the mailer takes an invitation due for its
 * email under a lease and says how sending went; the webhook deliveries read the token of an invitation delivered
 * by webhook. Tokens leave here only to be delivered.
 */
public interface InvitationPostbox {

    /** The invitation a due-deliveries entry at {@code sortKey} names, if it names one. */
    static Optional<InvitationId> mailOf(String sortKey) {
        String id = sortKey.startsWith(InvitationKeys.SORT_KEY_PREFIX)
                ? sortKey.substring(InvitationKeys.SORT_KEY_PREFIX.length()) : "";
        return InvitationId.isValid(id) ? Optional.of(new InvitationId(id)) : Optional.empty();
    }

    /**
     * Takes a pending invitation due for its email until {@code now + lease}, if nobody holds it and its
     * organisation is active, in one transaction: a suspended organisation's mail (or one being deleted) is not sent,
     * and waits on the index to be looked at again a few minutes later.
     */
    Optional<Posting> take(TenantId tenant, InvitationId id, String holder, Instant now, Duration lease);

    /** The email went: the invitation leaves the index and forgets its sealed token. */
    boolean mailed(Posting posting, String holder, Instant now);

    /** The email did not go; tried again at {@code next}, or (none) given up. */
    boolean notMailed(Posting posting, String holder, Optional<Instant> next, String fault);

    /** The token of a pending invitation the organisation delivers by webhook. */
    Optional<InviteToken> webhookToken(TenantId tenant, InvitationId id);

    /** An invitation being mailed: what the email says. */
    record Posting(Invitation invitation, InviteToken token, String organisationName, int attempts) {
        public Posting {
            Objects.requireNonNull(invitation, "invitation");
            Objects.requireNonNull(token, "token");
            Objects.requireNonNull(organisationName, "organisationName");
        }
    }
}
