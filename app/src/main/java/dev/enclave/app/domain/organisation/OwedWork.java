package dev.enclave.app.domain.organisation;

import dev.enclave.identity.TenantId;

/**
 * The background work a change records and leaves owing (a rename's copy of the name, a deletion's removal of
 * items): told when a use case recorded one, so it starts now rather than at the next poll.
 */
public interface OwedWork {

    /** {@code tenant} has a job of {@code kind} recorded. */
    void recorded(TenantId tenant, Job.Kind kind);
}
