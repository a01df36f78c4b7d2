package dev.enclave.app.infra.store;

import java.util.function.BiConsumer;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticAttributeTag;
import software.amazon.awssdk.enhanced.dynamodb.mapper.StaticAttributeTags;

/** What every entity's {@code StaticImmutableTableSchema} shares. */
public final class Schemas {

    private Schemas() {
    }

    /** The setter of an attribute derived from others (a key, the {@code type}): reading it sets nothing. */
    public static <B, T> BiConsumer<B, T> derived() {
        return (builder, value) -> {
        };
    }

    public static StaticAttributeTag partitionKey() {
        return StaticAttributeTags.primaryPartitionKey();
    }

    public static StaticAttributeTag sortKey() {
        return StaticAttributeTags.primarySortKey();
    }
}
