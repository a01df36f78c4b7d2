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

    /** Suspends or resumes. */
    AdminChange setStatus(TenantId id, OrganisationStatus status);

    /** Changes the seats in one conditional write: never below the current member count. */
    AdminChange setSeats(TenantId id, int seats);

    /** Gives the organisation request limits of its own, or (empty) back the defaults. */
    AdminChange setLimits(TenantId id, Optional<Limit> limits);

    /**
     * Keeps the organisation's events {@code days} from now on (events recorded before keep their expiry), with its
     * event.
     */
    AdminChange setEventRetention(TenantId id, int days);

    /**
     * Marks {@code read} {@code DELETING} if it is still that incarnation and not being deleted, so it answers as
     * gone from now on, and records the removal of its items as a job in the same transaction.
     */
    Deletion markDeleting(Organisation read, Instant now);

    /** What marking for deletion came to. */
    enum Deletion { MARKED, ALREADY_DELETING, NOT_FOUND }

    /**
     * What a platform admin's change of an organisation came to. Each is made to the organisation as read, at its
     * version, and read again when another write moved it meanwhile, a few times.
     */
    sealed interface AdminChange permits AdminChange.Changed, AdminChange.NoSuchOrganisation,
            AdminChange.BelowMembers, AdminChange.KeptChanging {

        /** Done (or already as asked); the organisation as it is now. */
        record Changed(Organisation organisation) implements AdminChange {
        }

        /** No such organisation, or it is being deleted. */
        record NoSuchOrganisation() implements AdminChange {
        }

        /** Refused: more members than the seats asked for. */
        record BelowMembers(int members) implements AdminChange {
        }

        /** Not made: the organisation changed between each read and its write (its own requests kept moving it). */
        record KeptChanging() implements AdminChange {
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
