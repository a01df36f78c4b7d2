package dev.enclave.app.infra.store;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One item of an aggregate, where it is and how it maps: what the aggregate's store hands a read that spans
 * aggregates (one BatchGetItem of a membership and its organisation, a refused write's old item), so the reader
 * never builds another aggregate's keys or reads its attributes.
 *
 * @param kind   what the item is, for the count of items skipped
 * @param key    where it is
 * @param mapper how its owner maps it; fails on an item it refuses
 */
public record ItemRead<T>(ItemKind kind, ItemKey key, Function<Map<String, AttributeValue>, T> mapper) {

    public ItemRead {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(mapper, "mapper");
    }

    /** The item at this key among a batch read's {@code items}, mapped, if it is there and checks. */
    public Optional<T> in(List<Map<String, AttributeValue>> items, ReadScope scope, CheckedItems checked) {
        return checked.one(kind, scope, ScopedTable.at(items, key), mapper);
    }

    /** {@code item} (a refused write's old item), mapped, if there is one and it checks. */
    public Optional<T> of(Optional<Map<String, AttributeValue>> item, ReadScope scope, CheckedItems checked) {
        return checked.one(kind, scope, item.orElse(null), mapper);
    }
}
