package dev.enclave.app.infra.jobs;

import dev.enclave.app.domain.profile.ChangingProfile;
import dev.enclave.app.domain.profile.ProfileCopies;
import dev.enclave.app.domain.profile.Profiles;
import io.micronaut.context.annotation.Requires;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The profile copies still owed, found on the owed-work index (its due-profiles partition) on the jobs' schedule,
 * by every instance: a profile change the request could not copy everywhere (a fault, the server stopped half-way,
 * a membership not yet on the user index) is copied by the first poll after it is due, and its debt cleared only
 * then. Copies are conditional on their version, so two instances copying one user at once write nothing twice
 * that matters, and no lease is needed.
 */
@Singleton
@Requires(beans = {Profiles.class, ProfileCopies.class})
public final class OwedProfileCopies {

    private static final int POLL_BATCH = 25;
    private static final Logger LOG = LoggerFactory.getLogger(OwedProfileCopies.class);

    private final ChangingProfile profiles;

    OwedProfileCopies(ChangingProfile profiles) {
        this.profiles = profiles;
    }

    /** Copies the profiles owed now; how many users were found owed. */
    @Scheduled(fixedDelay = "${enclave.jobs.poll-interval:5s}", initialDelay = "${enclave.jobs.first-poll:1s}")
    public int poll() {
        try {
            return profiles.copyOwed(POLL_BATCH);
        } catch (RuntimeException fault) {
            LOG.warn("profile copies poll stopped; the next poll goes on: {}", fault.toString());
            return 0;
        }
    }
}
