package dev.enclave.app.organisation;

import dev.enclave.app.platform.ExpectedVersion;
import dev.enclave.identity.TenantId;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

/**
 * Renames an organisation: the name changes if the stored version is the one the caller read (If-Match), and the
 * same write records the copy of the new name into every membership as owed work. The copy runs before the answer,
 * so no member's own list keeps the old name once the user index has caught up; if a fault interrupts it, the
 * rename stands and the sweeper finishes the copy.
 */
@Singleton
@Requires(beans = {Organisations.class, FinishingOwedWork.class})
public final class RenamingOrganisation {

    private final Organisations organisations;
    private final FinishingOwedWork owedWork;

    RenamingOrganisation(Organisations organisations, FinishingOwedWork owedWork) {
        this.organisations = organisations;
        this.owedWork = owedWork;
    }

    public Organisations.RenameOutcome rename(TenantId id, String name, ExpectedVersion expected) {
        Organisations.RenameOutcome outcome = organisations.rename(id, name, expected);
        if (outcome instanceof Organisations.Renamed renamed) {
            owedWork.renamed(renamed.organisation());
        }
        return outcome;
    }
}
