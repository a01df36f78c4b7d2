package dev.enclave.app.infra.store;

import dev.enclave.identity.TenantId;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One kind of item an aggregate's store keeps in a tenant's control partition, as that store reads it back: which
 * sort keys are its, what an item says, and the item Enclave writes for that. The consistency checker asks each
 * owner through it, so it never reads an item's attributes or builds its keys itself.
 *
 * @param sortKeys the sort keys of this kind
 * @param reader   the owner's mapping; fails on an item it refuses
 * @param writer   the owner's item for a value, in a tenant's partition: its table and index keys at least
 */
public record StoredKind<T>(Predicate<String> sortKeys, Function<Map<String, AttributeValue>, T> reader,
                            BiFunction<TenantId, T, Map<String, AttributeValue>> writer) {

    public StoredKind {
        Objects.requireNonNull(sortKeys, "sortKeys");
        Objects.requireNonNull(reader, "reader");
        Objects.requireNonNull(writer, "writer");
    }

    /** The kind of every item whose sort key starts with {@code prefix} and has more after it. */
    public static <T> StoredKind<T> prefixed(String prefix, Function<Map<String, AttributeValue>, T> reader,
                                             BiFunction<TenantId, T, Map<String, AttributeValue>> writer) {
        return new StoredKind<>(sortKey -> sortKey.startsWith(prefix) && sortKey.length() > prefix.length(), reader,
                writer);
    }

    /** The kind of the one item at {@code sortKey}. */
    public static <T> StoredKind<T> at(String sortKey, Function<Map<String, AttributeValue>, T> reader,
                                       BiFunction<TenantId, T, Map<String, AttributeValue>> writer) {
        return new StoredKind<>(sortKey::equals, reader, writer);
    }

    /** Whether {@code sortKey} is one of this kind's. */
    public boolean holds(String sortKey) {
        return sortKeys.test(sortKey);
    }

    /** What {@code item} says; a {@link RuntimeException} when the owner's mapping refuses it. */
    public T read(Map<String, AttributeValue> item) {
        return Objects.requireNonNull(reader.apply(item), "mapped to nothing");
    }

    /** The item Enclave writes in {@code tenant}'s partition for what {@code value} says. */
    public Map<String, AttributeValue> written(TenantId tenant, T value) {
        return writer.apply(tenant, value);
    }
}
