package dev.enclave.app.support;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An item as Enclave stores it, written out attribute by attribute for the schemas' golden-item tests. Every
 * entity item starts alike: the tenant's partition, its sort key, its type and its tenant.
 */
public final class StoredItem {

    private final Map<String, AttributeValue> attributes = new HashMap<>();

    private StoredItem() {
    }

    /** An item of {@code type} in {@code tenant}'s partition under {@code sortKey}. */
    public static StoredItem inTenant(String tenant, String sortKey, String type) {
        return new StoredItem().s("PK", "TENANT#" + tenant + "#").s("SK", sortKey).s("type", type)
                .s("tenant", tenant);
    }

    /** A string attribute. */
    public StoredItem s(String name, String value) {
        return with(name, AttributeValue.fromS(value));
    }

    /** A number attribute. */
    public StoredItem n(String name, long value) {
        return with(name, AttributeValue.fromN(Long.toString(value)));
    }

    /** A list of strings. */
    public StoredItem strings(String name, String... values) {
        return with(name, AttributeValue.fromL(List.of(values).stream().map(AttributeValue::fromS).toList()));
    }

    public StoredItem with(String name, AttributeValue value) {
        attributes.put(name, value);
        return this;
    }

    /** The attributes, in a map of the caller's own to change. */
    public Map<String, AttributeValue> toMap() {
        return new HashMap<>(attributes);
    }
}
