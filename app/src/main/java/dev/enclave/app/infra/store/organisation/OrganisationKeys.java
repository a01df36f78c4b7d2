package dev.enclave.app.infra.store.organisation;

import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.TenantPartition;
import dev.enclave.identity.TenantId;

/** Where an organisation lives: {@code PK = TENANT#<id>#, SK = ORG}. */
public final class OrganisationKeys {

    /** The organisation item's sort key. */
    public static final String SORT_KEY = "ORG";

    private OrganisationKeys() {
    }

    /** The organisation's partition, which holds every item it owns. */
    public static TenantPartition partition(TenantId id) {
        return TenantPartition.of(id);
    }

    public static ItemKey key(TenantId id) {
        return partition(id).key(SORT_KEY);
    }
}
