package dev.enclave.app.infra.store.jobs;

import dev.enclave.app.domain.organisation.Job;

import dev.enclave.app.infra.store.Write;
import dev.enclave.identity.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The organisations' background jobs: found on the due-work index, taken with a conditional write and a lease, and
 * moved on only by the worker that holds the lease, in the same transaction as each page of their work.
 */
public interface Jobs {

    /**
     * Jobs nobody holds at {@code now} (never held, or their lease ended), oldest first, at most {@code limit}. The
     * index may lag; taking a job decides on the table.
     */
    List<Due> due(Instant now, int limit);

    /** Takes the job for {@code worker} until {@code now + lease}, if nobody else holds it; the job as it stands. */
    Optional<Job> take(TenantId tenant, Job.Kind kind, String worker, Instant now, Duration lease);

    /** The organisation's job of {@code kind}, if one is still to be done. */
    Optional<Job> find(TenantId tenant, Job.Kind kind);

    /**
     * The write, for the transaction of one page of the job's work, that moves the job to {@code next}'s checkpoint
     * and renews the lease; it refuses unless {@code worker} still holds the job for its version.
     */
    Write advanced(Job next, String worker, Instant leaseUntil);

    /** Moves the job to {@code next}'s checkpoint alone; false when {@code worker} no longer holds it. */
    boolean advance(Job next, String worker, Instant leaseUntil);

    /**
     * Records a rename's copy finished and clears the organisation's record of it, in one transaction; false when
     * {@code worker} no longer holds it (a later rename took its place).
     */
    boolean finishRename(Job job, String worker, Instant now);

    /** The ids of the services {@code sweep}'s item still owes, in id order (strongly consistent). */
    List<String> owedServices(Job sweep);

    /** Takes {@code service} off what {@code sweep} owes; false when {@code worker} no longer holds it. */
    boolean settleService(Job sweep, String worker, String service);

    /**
     * Records the service sweep finished, when it owes nothing; false when {@code worker} no longer holds it or a
     * deletion owed it another service meanwhile.
     */
    boolean finishSweep(Job sweep, String worker, Instant now);

    /** Lets the job go at once (a worker shutting down, or one that keeps failing), if {@code worker} holds it. */
    void release(Job job, String worker, Instant now);

    /** A job found due. */
    record Due(TenantId tenant, Job.Kind kind) {
    }
}
