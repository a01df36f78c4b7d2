package dev.enclave.app.infra.store.jobs;

import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.Write;
import dev.enclave.identity.TenantId;
import java.util.List;
import java.util.Optional;

/**
 * The organisation's name as every membership copies it for its user's own list, and the memberships themselves as
 * the organisation's jobs walk them: a rename copies the new name into each, a deletion removes them first. The
 * copies' owner implements it; the jobs call it, a page at a time.
 */
public interface NameCopies {

    /** One page of the memberships' keys, in key order, after the sort key {@code after} (strongly consistent). */
    DeletionSweep.KeyPage keys(TenantId tenant, Optional<String> after, int limit);

    /**
     * Copies {@code name} into each membership of {@code keys} whose copy is older ({@code orgNameVersion <
     * version}: an overlapping older rename never wins), skipping those gone meanwhile, in one transaction with
     * {@code fence}; false when the fence refused.
     */
    boolean copy(TenantId tenant, OrganisationName name, List<ItemKey> keys, Write fence);
}
