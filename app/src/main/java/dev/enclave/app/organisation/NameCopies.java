package dev.enclave.app.organisation;

import dev.enclave.identity.TenantId;

/**
 * Where the organisation's name is kept as a copy (each membership carries one for its user's own list), and how a
 * rename reaches them. The copies' owner implements it; a rename's owed work calls it.
 */
public interface NameCopies {

    /**
     * Copies {@code name} into every copy older than it ({@code orgNameVersion < version}), so an overlapping older
     * rename never wins; a copy gone meanwhile is skipped. Safe to repeat.
     */
    void copy(TenantId tenant, OrganisationName name);
}
