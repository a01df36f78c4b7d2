package dev.enclave.app.organisation;

import dev.enclave.app.member.Memberships;
import dev.enclave.app.member.OrganisationName;
import dev.enclave.app.platform.ExpectedVersion;
import dev.enclave.identity.TenantId;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

/**
 * Renames an organisation: the name changes if the stored version is the one the caller read (If-Match), then the
 * new name is copied into every membership before the answer, so no member's own list keeps the old one once the
 * user index has caught up.
 */
@Singleton
@Requires(beans = {Organisations.class, Memberships.class})
final class RenamingOrganisation {

    private final Organisations organisations;
    private final Memberships memberships;

    RenamingOrganisation(Organisations organisations, Memberships memberships) {
        this.organisations = organisations;
        this.memberships = memberships;
    }

    Organisations.RenameOutcome rename(TenantId id, String name, ExpectedVersion expected) {
        Organisations.RenameOutcome outcome = organisations.rename(id, name, expected);
        if (outcome instanceof Organisations.Renamed renamed) {
            Organisation organisation = renamed.organisation();
            memberships.renameOrganisation(id, new OrganisationName(organisation.name(), organisation.version()));
        }
        return outcome;
    }
}
