package dev.enclave.app.domain.invitation;

import java.time.Instant;
import java.util.Optional;

/**
 * What the background pass does with a due expiry entry, decided on the invitation as read again (strongly) from the
 * table: the index it was found on may lag, so the entry alone never decides.
 */
public enum InvitationExpiry {
    /** Still pending and past its validity: close it as expired, with its event, if nothing changed meanwhile. */
    EXPIRE,
    /** Still pending and valid (resent meanwhile, or this instance's clock is behind): leave the entry for later. */
    WAIT,
    /** Gone or no longer pending: nothing expires; the stale entry is taken off the index. */
    FORGET;

    /** The verdict on {@code invitation} (empty: gone) at {@code now}. */
    public static InvitationExpiry judge(Optional<Invitation> invitation, Instant now) {
        return invitation.filter(found -> found.status() == InvitationStatus.PENDING)
                .map(pending -> pending.expiredAt(now) ? EXPIRE : WAIT).orElse(FORGET);
    }
}
