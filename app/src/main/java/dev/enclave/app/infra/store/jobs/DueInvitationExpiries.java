package dev.enclave.app.infra.store.jobs;

import java.time.Instant;

/**
 * The pending invitations whose validity is over: their owner implements it; the background pass calls it, so each
 * is closed as expired, with its {@code invitation.expired} event, once it is due.
 */
public interface DueInvitationExpiries {

    /**
     * Expires the invitations due before {@code now}, at most {@code limit}, each in one conditional transaction with
     * its event; an entry whose invitation left pending otherwise is only taken off the index. Answers how many
     * entries were found; the index they are found on may lag.
     */
    int expireDue(Instant now, int limit);
}
