package dev.enclave.app.organisation;

import dev.enclave.app.limits.Limit;
import dev.enclave.app.platform.ExpectedVersion;
import dev.enclave.identity.TenantId;
import java.util.Optional;

/** The organisations, each read and written with its own tenant's scoped credentials. */
public interface Organisations {

    Optional<Organisation> find(TenantId id);

    /**
     * Renames if the stored version is still {@code expectedVersion}, and records the copy of the name into every
     * membership as owed work in the same write. A deleting organisation is not found.
     */
    RenameOutcome rename(TenantId id, String name, ExpectedVersion expected);

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
     * Marks the organisation {@code DELETING}, so it answers as gone from now on, and records the deletion as owed
     * work in the same write; false when there is no such organisation.
     */
    boolean markDeleting(TenantId id);

    /**
     * Removes everything in a marked organisation's partition: memberships and other entries on the user index
     * first (so no one's own lists show it), the organisation item, which carries the debt, last and only while
     * marked. Safe to repeat; true when this call removed the organisation item.
     */
    boolean removeAll(TenantId id);

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
    sealed interface RenameOutcome permits Renamed, VersionMismatch, NotFound {
    }

    record Renamed(Organisation organisation) implements RenameOutcome {
    }

    record VersionMismatch(long currentVersion) implements RenameOutcome {
    }

    record NotFound() implements RenameOutcome {
    }
}
