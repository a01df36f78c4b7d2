package dev.enclave.app.infra.store;

import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import java.util.Objects;

/** A tenant's control partition, {@code TENANT#<id>#}: the partition key of every item an organisation owns. */
public record TenantPartition(TenantId tenant) {

    public TenantPartition {
        Objects.requireNonNull(tenant, "tenant");
    }

    public static TenantPartition of(TenantId tenant) {
        return new TenantPartition(tenant);
    }

    /** The partition-key value. */
    public String value() {
        return LeadingKeyPrefix.tenant(tenant).value();
    }

    /** The key of the item at {@code sortKey} in this partition. */
    public ItemKey key(String sortKey) {
        return new ItemKey(value(), sortKey);
    }
}
