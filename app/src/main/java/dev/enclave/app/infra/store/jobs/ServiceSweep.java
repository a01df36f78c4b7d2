package dev.enclave.app.infra.store.jobs;

import dev.enclave.app.domain.organisation.Job;
import dev.enclave.app.infra.store.Write;
import java.util.OptionalInt;
import java.util.function.IntFunction;

/** What the service sweep removes of a deleted service: its assignments, a page at a time, and their records. */
public interface ServiceSweep {

    /**
     * Removes one page of {@code service}'s assignments and forgets them on their members' memberships, in one
     * transaction with the fence for that many ({@code fence}, given the page's size), while no service of the id
     * exists: how many it removed (0: none is left, or a service of the id exists again, and nothing was written), or
     * empty when the fence refused.
     */
    OptionalInt sweep(Job sweep, String service, IntFunction<Write> fence);
}
