package dev.enclave.app.infra.store;

import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A small item without a schema of its own (a guard, a record of a fact), attribute by attribute. */
public final class ItemBuilder {

    private final Map<String, AttributeValue> item = new HashMap<>();

    private ItemBuilder(ItemKey key) {
        item.putAll(key.asMap());
    }

    /** An item at {@code key}. */
    public static ItemBuilder at(ItemKey key) {
        return new ItemBuilder(key);
    }

    public ItemBuilder string(String attribute, String value) {
        item.put(attribute, AttributeValue.fromS(value));
        return this;
    }

    public ItemBuilder number(String attribute, long value) {
        item.put(attribute, AttributeValue.fromN(Long.toString(value)));
        return this;
    }

    public ItemBuilder attribute(String attribute, AttributeValue value) {
        item.put(attribute, value);
        return this;
    }

    public Map<String, AttributeValue> build() {
        return Map.copyOf(item);
    }
}
