package dev.enclave.app.organisation;

import dev.enclave.identity.TenantId;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

/**
 * Deletes an organisation: one write marks it deleting (from then on it answers as gone) and records the removal
 * of its items as owed work; the removal then runs, and whatever a fault or a crash interrupts, the sweeper finishes.
 */
@Singleton
@Requires(beans = {Organisations.class, FinishingOwedWork.class})
public final class DeletingOrganisation {

    private final Organisations organisations;
    private final FinishingOwedWork owedWork;

    DeletingOrganisation(Organisations organisations, FinishingOwedWork owedWork) {
        this.organisations = organisations;
        this.owedWork = owedWork;
    }

    public void delete(TenantId id) {
        if (organisations.markDeleting(id)) {
            owedWork.markedDeleting(id);
        }
    }
}
