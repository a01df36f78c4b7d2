package dev.enclave.app.infra.store;

import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An entity's one {@code StaticImmutableTableSchema}, built once, both ways as every store uses it: the item of a
 * value, with every attribute the schema writes, and the value an item holds.
 *
 * @param schema what maps the entity
 * @param what   what the entity is called when an item is none ({@code "an organisation"})
 */
public record ItemSchema<T>(TableSchema<T> schema, String what) {

    public ItemSchema {
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(what, "what");
    }

    public Map<String, AttributeValue> toItem(T value) {
        return schema.itemToMap(value, true);
    }

    /** The value {@code item} holds; fails when the schema refuses it. */
    public T fromItem(Map<String, AttributeValue> item) {
        return Objects.requireNonNull(schema.mapToItem(item), () -> "not " + what);
    }
}
