package dev.enclave.app.organisation;

import dev.enclave.app.member.Membership;
import dev.enclave.app.platform.ExpectedVersion;
import dev.enclave.identity.TenantId;
import java.util.Optional;

/** The organisations, each read and written with its own tenant's scoped credentials. */
public interface Organisations {

    /** Creates the organisation and its first owner in one transaction, unless the id is taken. */
    CreateOutcome create(Organisation organisation, Membership owner, Optional<String> idempotencyToken);

    Optional<Organisation> find(TenantId id);

    /** Renames if the stored version is still {@code expectedVersion}. */
    RenameOutcome rename(TenantId id, String name, ExpectedVersion expected);

    /** Suspends or resumes; false when there is no such organisation. */
    boolean setStatus(TenantId id, OrganisationStatus status);

    /** Changes the seats in one conditional write: never below the current member count. */
    SeatsChange setSeats(TenantId id, int seats);

    /**
     * Deletes the organisation and everything in its partition: first marks it {@code DELETING} (so it answers as
     * gone), then batch-deletes its items page by page, the organisation item last.
     */
    void delete(TenantId id);

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

    /** What creating an organisation came to. */
    sealed interface CreateOutcome permits Created, IdTaken {
    }

    record Created(Organisation organisation) implements CreateOutcome {
    }

    record IdTaken(TenantId id) implements CreateOutcome {
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
