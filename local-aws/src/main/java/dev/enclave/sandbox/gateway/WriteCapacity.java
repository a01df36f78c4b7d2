package dev.enclave.sandbox.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.enclave.sandbox.gateway.TableKeys.IndexKeys;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The write capacity units one item write consumes, as DynamoDB bills it. From the Amazon DynamoDB Developer Guide:
 * <ul>
 *   <li>a write unit covers 1 KB (1,024 bytes) of item, rounded up per item, at least one ("Read/write capacity
 *       mode", write capacity units); item sizes as {@link ItemSize} counts them;</li>
 *   <li>PutItem and UpdateItem are charged on the larger of the item before and after; DeleteItem on the deleted
 *       item; BatchWriteItem item by item, each as its PutItem or DeleteItem (same page);</li>
 *   <li>a transaction writes every item twice, to prepare and to commit, so each item costs 2 units per KB
 *       ("Amazon DynamoDB Transactions: How it works", capacity management);</li>
 *   <li>a global secondary index is charged on the change to what it holds: nothing when the item is in the index
 *       neither before nor after, or the entry is unchanged; one write when an entry appears, disappears or changes
 *       in place; two (a delete and a put) when the index key changes; each sized on the index entry (table keys,
 *       index keys, projected attributes), rounded up per KB ("Global secondary indexes", write capacity units).</li>
 * </ul>
 * Three rules the guide leaves open are taken from characterisations against real DynamoDB published by the
 * dynamodb-conformance suite (paritysuite/dynamodb-conformance pull requests 67 and 74) and DynamoDB emulator
 * dynoxide (nubo-db/dynoxide pull requests 177 and 188); they are not AWS documentation:
 * <ul>
 *   <li>a transaction's ConditionCheck costs 2 write units per KB of the item it checks (an absent item counts as
 *       one KB);</li>
 *   <li>the transactional factor of 2 applies to the table alone: an index write inside a transaction costs what it
 *       costs outside one (an index is updated after the transaction commits);</li>
 *   <li>an index entry changed in place is charged on the larger of its two images, and a moved one on each image
 *       rounded separately, then added.</li>
 * </ul>
 * Local secondary indexes are charged by the same rules as global ones.
 */
final class WriteCapacity {

    private static final long KILOBYTE = 1024;
    private static final int TRANSACTIONAL = 2;

    private WriteCapacity() {
    }

    /**
     * What one item write costs the table and each index it changes.
     *
     * @param table          the table name
     * @param tableUnits     write units charged to the table
     * @param globalIndexes  write units per global secondary index changed; indexes not changed are absent
     * @param localIndexes   write units per local secondary index changed
     */
    record ItemCharge(String table, double tableUnits, Map<String, Double> globalIndexes,
                      Map<String, Double> localIndexes) {

        ItemCharge {
            Objects.requireNonNull(table, "table");
            globalIndexes = Map.copyOf(globalIndexes);
            localIndexes = Map.copyOf(localIndexes);
        }
    }

    /**
     * The charge of {@code write}, given the item as it was before and as it is after.
     *
     * @param transactional whether the write is an action of a TransactWriteItems
     */
    static ItemCharge of(ItemWrite write, TableKeys keys, Optional<ObjectNode> before, Optional<ObjectNode> after,
                         boolean transactional) {
        Map<String, Double> global = new LinkedHashMap<>();
        Map<String, Double> local = new LinkedHashMap<>();
        if (write.kind().changes()) {
            for (IndexKeys index : keys.indexes()) {
                indexUnits(keys, index, before, after).ifPresent(units ->
                        (index.global() ? global : local).put(index.name(), (double) units));
            }
        }
        long table = tableUnits(write, before, after) * (transactional ? TRANSACTIONAL : 1);
        return new ItemCharge(write.key().table(), table, global, local);
    }

    /** Units for {@code bytes} of item: 1 KB each, rounded up, at least one. */
    static long units(long bytes) {
        return Math.max(1, (bytes + KILOBYTE - 1) / KILOBYTE);
    }

    private static long tableUnits(ItemWrite write, Optional<ObjectNode> before, Optional<ObjectNode> after) {
        long beforeUnits = before.map(WriteCapacity::unitsOf).orElse(1L);
        return switch (write.kind()) {
            case CHECK, DELETE -> beforeUnits;
            case PUT, UPDATE -> Math.max(beforeUnits, after.map(WriteCapacity::unitsOf).orElse(1L));
        };
    }

    /** Empty when the write leaves what {@code index} holds of the item unchanged (no arm for that index). */
    private static OptionalLong indexUnits(TableKeys keys, IndexKeys index, Optional<ObjectNode> before,
                                           Optional<ObjectNode> after) {
        Optional<ObjectNode> old = before.flatMap(image -> keys.entry(index, image));
        Optional<ObjectNode> now = after.flatMap(image -> keys.entry(index, image));
        if (old.isEmpty() && now.isEmpty() || old.equals(now)) {
            return OptionalLong.empty();
        }
        if (old.isEmpty() || now.isEmpty()) {
            return OptionalLong.of(unitsOf(old.or(() -> now).get()));
        }
        boolean moved = !index.key().project(old.get()).equals(index.key().project(now.get()));
        return OptionalLong.of(moved ? unitsOf(old.get()) + unitsOf(now.get())
                : Math.max(unitsOf(old.get()), unitsOf(now.get())));
    }

    private static long unitsOf(JsonNode image) {
        return units(ItemSize.of(image));
    }
}
