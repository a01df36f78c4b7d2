package dev.enclave.app.infra.jobs;

import dev.enclave.app.infra.store.jobs.UnconfirmedLookups;
import io.micronaut.context.annotation.Requires;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Singleton;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The API keys' lookup entries left unconfirmed, found on the owed-work index (its unconfirmed-lookups partition) on
 * the jobs' schedule, by every instance: an entry whose key's creation or revocation stopped half-way (the server
 * killed, a write failed) is kept if its key is there and removed if not, at the first poll after it is due.
 * Settling is conditional on the entry being as it was found, so instances settling one entry at once agree, and no
 * lease is needed.
 */
@Singleton
@Requires(beans = UnconfirmedLookups.class)
public final class SettlingKeyLookups {

    private static final int POLL_BATCH = 25;
    private static final Logger LOG = LoggerFactory.getLogger(SettlingKeyLookups.class);

    private final UnconfirmedLookups lookups;
    private final Clock clock;

    SettlingKeyLookups(UnconfirmedLookups lookups, Clock clock) {
        this.lookups = lookups;
        this.clock = clock;
    }

    /** Settles the entries due now; how many were found. */
    @Scheduled(fixedDelay = "${enclave.jobs.poll-interval:5s}", initialDelay = "${enclave.jobs.first-poll:1s}")
    public int poll() {
        try {
            return lookups.settleDue(clock.instant(), POLL_BATCH);
        } catch (RuntimeException fault) {
            LOG.warn("key lookups poll stopped; the next poll goes on: {}", fault.toString());
            return 0;
        }
    }
}
