package dev.enclave.app.domain.organisation;

import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Work an organisation's write left to finish in the background, because it touches every member or every item:
 * copying a new name into the memberships, removing a deleted organisation's items, or a deleted service's
 * assignments. The write that starts it records the job in the same transaction; one worker at a time runs it,
 * under a lease, from its last checkpoint.
 *
 * @param incarnation the organisation's life the job belongs to
 * @param version     the organisation's version the job was recorded for (a later rename supersedes it)
 * @param pass        which walk over the partition the job is in (a deletion walks the memberships first)
 * @param after       the last sort key the job finished with in this pass; empty at the start of a pass
 * @param processed   items the job has written so far
 * @param worker      who holds the lease, if anyone
 * @param leaseUntil  when the lease ends (then anyone may take the job over)
 */
public record Job(TenantId tenant, Kind kind, Incarnation incarnation, long version, int pass,
                  Optional<String> after, long processed, Instant recordedAt, Optional<String> worker,
                  Instant leaseUntil) {

    public Job {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(incarnation, "incarnation");
        Objects.requireNonNull(after, "after");
        Objects.requireNonNull(recordedAt, "recordedAt");
        Objects.requireNonNull(worker, "worker");
        Objects.requireNonNull(leaseUntil, "leaseUntil");
    }

    /** A new job for {@code organisation} at {@code version}, due at once and held by no one. */
    public static Job recorded(Organisation organisation, Kind kind, long version, Instant now) {
        return new Job(organisation.id(), kind, organisation.incarnation(), version, 1, Optional.empty(), 0, now,
                Optional.empty(), now);
    }

    /** The job as it is after a page, at the checkpoint {@code after} of {@code pass}. */
    public Job advanced(int nextPass, Optional<String> nextAfter, long more) {
        return new Job(tenant, kind, incarnation, version, nextPass, nextAfter, processed + more, recordedAt, worker,
                leaseUntil);
    }

    /** What a job does. */
    public enum Kind {
        /** Copying the organisation's new name into every membership. */
        RENAME,
        /** Removing every item of a deleted organisation's incarnation, the organisation item last. */
        DELETE,
        /**
         * Removing the assignments of services deleted with more than their deletion's transaction holds, and
         * forgetting them on the members, a service at a time; such a service's id is not taken again until then.
         */
        SERVICE_SWEEP
    }
}
