package dev.enclave.app.infra.store.jobs;

import dev.enclave.app.domain.organisation.Job;
import dev.enclave.app.infra.store.Write;
import java.util.OptionalInt;

/** What the service sweep removes of a deleted service: its assignments, a page at a time, and their records. */
public interface ServiceSweep {

    /**
     * Removes one page of {@code service}'s assignments and forgets them on their members' memberships, in one
     * transaction with {@code fence}: how many it removed (0: none is left, and nothing was written), or empty when
     * the fence refused.
     */
    OptionalInt sweep(Job sweep, String service, Write fence);
}
