package dev.enclave.app.infra.jobs;

import dev.enclave.app.infra.store.jobs.DueInvitationExpiries;
import io.micronaut.context.annotation.Requires;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Singleton;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pending invitations whose validity is over, found on the owed-work index (its due-expiries partition) on the
 * jobs' schedule, by every instance: each is closed as expired with its {@code invitation.expired} event at the first
 * poll after its {@code validUntil}. Expiring is conditional on the invitation being still pending as found, so
 * instances expiring one invitation at once, or an accept racing the expiry, leave exactly one outcome; no lease is
 * needed.
 */
@Singleton
@Requires(beans = DueInvitationExpiries.class)
public final class ExpiringInvitations {

    private static final int POLL_BATCH = 25;
    private static final Logger LOG = LoggerFactory.getLogger(ExpiringInvitations.class);

    private final DueInvitationExpiries expiries;
    private final Clock clock;

    ExpiringInvitations(DueInvitationExpiries expiries, Clock clock) {
        this.expiries = expiries;
        this.clock = clock;
    }

    /** Expires the invitations due now; how many due entries were found. */
    @Scheduled(fixedDelay = "${enclave.jobs.poll-interval:5s}", initialDelay = "${enclave.jobs.first-poll:1s}")
    public int poll() {
        try {
            return expiries.expireDue(clock.instant(), POLL_BATCH);
        } catch (RuntimeException fault) {
            LOG.warn("invitation expiries poll stopped; the next poll goes on: {}", fault.toString());
            return 0;
        }
    }
}
