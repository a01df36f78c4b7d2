package dev.enclave.app.infra.store;

import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** An item's table key: its partition-key and sort-key values. */
public record ItemKey(String partition, String sort) {

    public ItemKey {
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(sort, "sort");
    }

    /** A tenant's control partition, {@code TENANT#<id>#}: the partition key of every item an organisation owns. */
    public static String tenantPartition(TenantId tenant) {
        return LeadingKeyPrefix.tenant(tenant).value();
    }

    /** The key of the item at {@code sort} in {@code tenant}'s control partition. */
    public static ItemKey inTenant(TenantId tenant, String sort) {
        return new ItemKey(tenantPartition(tenant), sort);
    }

    /** The key of {@code item}, which must carry both key attributes. */
    public static ItemKey of(Map<String, AttributeValue> item) {
        return new ItemKey(Objects.requireNonNull(item.get(TableAttributes.PARTITION_KEY), "no partition key").s(),
                Objects.requireNonNull(item.get(TableAttributes.SORT_KEY), "no sort key").s());
    }

    /** The sort-key value of {@code item}, if it has one. */
    public static String sortOf(Map<String, AttributeValue> item) {
        AttributeValue sort = item.get(TableAttributes.SORT_KEY);
        return sort == null ? null : sort.s();
    }

    /** The key as the low-level client takes it. */
    public Map<String, AttributeValue> asMap() {
        return Map.of(TableAttributes.PARTITION_KEY, AttributeValue.fromS(partition),
                TableAttributes.SORT_KEY, AttributeValue.fromS(sort));
    }
}
