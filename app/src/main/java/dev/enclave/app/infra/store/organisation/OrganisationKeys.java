package dev.enclave.app.infra.store.organisation;

import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.identity.TenantId;

/** Where an organisation lives: {@code PK = TENANT#<id>#, SK = ORG}. */
final class OrganisationKeys {

    /** The organisation item's sort key. */
    static final String SORT_KEY = "ORG";

    private OrganisationKeys() {
    }

    /** The organisation's partition, which holds every item it owns. */
    static String partition(TenantId id) {
        return ItemKey.tenantPartition(id);
    }

    static ItemKey key(TenantId id) {
        return ItemKey.inTenant(id, SORT_KEY);
    }
}
