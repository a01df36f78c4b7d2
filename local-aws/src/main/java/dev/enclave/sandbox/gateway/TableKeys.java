package dev.enclave.sandbox.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A table's primary key and its secondary indexes, as DescribeTable tells them.
 *
 * @param table   the table name
 * @param primary the table's key attributes
 * @param indexes the table's global and local secondary indexes
 */
record TableKeys(String table, KeyAttributes primary, List<IndexKeys> indexes) {

    TableKeys {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(primary, "primary");
        indexes = List.copyOf(indexes);
    }

    Optional<IndexKeys> index(String name) {
        return indexes.stream().filter(index -> index.name().equals(name)).findFirst();
    }

    boolean hasGlobalIndexes() {
        return indexes.stream().anyMatch(IndexKeys::global);
    }

    /** The item's primary key, or empty when the item lacks one of its attributes. */
    Optional<TableItemKey> keyOf(JsonNode item) {
        return primary.present(item) ? Optional.of(new TableItemKey(table, primary.project(item))) : Optional.empty();
    }

    /**
     * A partition key and an optional sort key.
     *
     * @param partition the HASH attribute
     * @param sort      the RANGE attribute, if any
     */
    record KeyAttributes(String partition, Optional<String> sort) {

        KeyAttributes {
            Objects.requireNonNull(partition, "partition");
            Objects.requireNonNull(sort, "sort");
        }

        Stream<String> names() {
            return Stream.concat(Stream.of(partition), sort.stream());
        }

        /** Whether {@code item} has every key attribute (an item without them is not in an index: sparse). */
        boolean present(JsonNode item) {
            return names().allMatch(item::hasNonNull);
        }

        /** The key attributes of {@code item}, and nothing else. */
        ObjectNode project(JsonNode item) {
            ObjectNode key = JsonNodeFactory.instance.objectNode();
            names().filter(item::has).forEach(name -> key.set(name, item.get(name)));
            return key;
        }
    }

    /**
     * A secondary index.
     *
     * @param name       the index name
     * @param global     a global secondary index (else a local one)
     * @param key        the index's key attributes
     * @param projection what the index holds besides the table's and its own keys
     */
    record IndexKeys(String name, boolean global, KeyAttributes key, IndexProjection projection) {

        IndexKeys {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(projection, "projection");
        }
    }

    /**
     * The attributes an index projects.
     *
     * @param all      every attribute ({@code ALL})
     * @param nonKeys  the non-key attributes of an {@code INCLUDE} projection; none for {@code KEYS_ONLY}
     */
    record IndexProjection(boolean all, Set<String> nonKeys) {

        static final IndexProjection ALL = new IndexProjection(true, Set.of());
        static final IndexProjection KEYS_ONLY = new IndexProjection(false, Set.of());

        IndexProjection {
            nonKeys = Set.copyOf(nonKeys);
        }
    }

    /**
     * What {@code index} holds of {@code item}: empty when the item lacks one of the index's key attributes (a
     * sparse index leaves it out), else the table keys, the index keys and the projected attributes.
     */
    Optional<ObjectNode> entry(IndexKeys index, JsonNode item) {
        if (!index.key().present(item)) {
            return Optional.empty();
        }
        if (index.projection().all()) {
            return Optional.of(item.deepCopy());
        }
        ObjectNode entry = JsonNodeFactory.instance.objectNode();
        Stream.of(primary.names(), index.key().names(), index.projection().nonKeys().stream()).flatMap(s -> s)
                .filter(item::has).forEach(name -> entry.set(name, item.get(name)));
        return Optional.of(entry);
    }
}
