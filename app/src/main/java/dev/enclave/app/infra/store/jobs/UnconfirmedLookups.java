package dev.enclave.app.infra.store.jobs;

import java.time.Instant;

/**
 * The API keys' lookup entries still unconfirmed once due: a key's creation or revocation stopped before it settled
 * its entry (the server stopped, a write failed). Their owner implements it; the background pass calls it, so no
 * entry outlives a key that never came to be, or one revoked.
 */
public interface UnconfirmedLookups {

    /**
     * Settles the entries due before {@code now}, at most {@code limit}: each is confirmed if its key is in the
     * organisation's partition, removed if not. Answers how many were found; the index they are found on may lag.
     */
    int settleDue(Instant now, int limit);
}
