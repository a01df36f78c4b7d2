package dev.enclave.app.domain.organisation;

import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.Optional;

/** The organisations, each read and written with its own tenant's scoped credentials. */
public interface Organisations {

    Optional<Organisation> find(TenantId id);

    /**
     * Renames {@code read} if the stored item is still the one read (its incarnation, at its version) and that
     * version is one {@code expected} accepts, and records the copy of the name into every membership as a job in
     * the same transaction. A deleting organisation is not found.
     */
    RenameOutcome rename(Organisation read, String name, ExpectedVersion expected, Instant now);

    /** Suspends or resumes; false when there is no such organisation. */
    boolean setStatus(TenantId id, OrganisationStatus status);

    /** Changes the seats in one conditional write: never below the current member count. */
    SeatsChange setSeats(TenantId id, int seats);

    /**
     * Gives the organisation request limits of its own, or (empty) back the defaults; empty when there is no such
     * organisation (or it is being deleted), else the organisation as it is now.
     */
    Optional<Organisation> setLimits(TenantId id, Optional<Limit> limits);

    /**
     * Keeps the organisation's events {@code days} from now on (events recorded before keep their expiry), with its
     * event; false when there is no such organisation (or it is being deleted).
     */
    boolean setEventRetention(TenantId id, int days);

    /**
     * Marks {@code read} {@code DELETING} if it is still that incarnation and not being deleted, so it answers as
     * gone from now on, and records the removal of its items as a job in the same transaction.
     */
    Deletion markDeleting(Organisation read, Instant now);

    /** What marking for deletion came to. */
    enum Deletion { MARKED, ALREADY_DELETING, NOT_FOUND }

    /** What changing the seats came to. */
    sealed interface SeatsChange permits SeatsChange.Changed, SeatsChange.NoSuchOrganisation, SeatsChange.BelowMembers {

        /** Done; the organisation as it is now. */
        record Changed(Organisation organisation) implements SeatsChange {
        }

        record NoSuchOrganisation() implements SeatsChange {
        }

        /** Refused: more members than the seats asked for. */
        record BelowMembers(int members) implements SeatsChange {
        }
    }

    /** What renaming came to. */
    sealed interface RenameOutcome permits Renamed, VersionMismatch, Changed, NotFound {
    }

    record Renamed(Organisation organisation) implements RenameOutcome {
    }

    record VersionMismatch(long currentVersion) implements RenameOutcome {
    }

    /** The organisation changed between the read and the write, at a version the caller accepts: read again. */
    record Changed() implements RenameOutcome {
    }

    record NotFound() implements RenameOutcome {
    }
}
