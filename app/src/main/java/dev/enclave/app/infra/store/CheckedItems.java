package dev.enclave.app.infra.store;

import dev.enclave.app.domain.outcome.Reason;

import dev.enclave.table.TableDesign;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.inject.Singleton;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Checks every item a read returns before it is used: its keys must be in the {@link ReadScope} of the read, and
 * it must map. An item that fails is skipped, counted in {@code enclave.items.skipped{kind,reason}} (reason
 * {@code foreign-key} or {@code malformed}) and logged at WARN with its {@code PK} and {@code SK} only, so a planted
 * or damaged item is never shown, never a 5xx, and never blocks a removal.
 */
@Singleton
public final class CheckedItems {

    /** The counter of skipped items. */
    public static final String SKIPPED = "enclave.items.skipped";

    private static final Logger LOG = LoggerFactory.getLogger(CheckedItems.class);
    private static final int LOGGED_KEY_LENGTH = 200;

    private final Map<ItemKind, Map<Reason, Counter>> skipped;

    public CheckedItems(MeterRegistry meters) {
        Map<ItemKind, Map<Reason, Counter>> counters = new EnumMap<>(ItemKind.class);
        for (ItemKind kind : ItemKind.values()) {
            counters.put(kind, Map.copyOf(Arrays.stream(Reason.values()).collect(Collectors.toMap(
                    Function.identity(), reason -> counter(meters, kind, reason)))));
        }
        this.skipped = Map.copyOf(counters);
    }

    /** The items that pass, mapped, in their order. */
    public <T> List<T> all(ItemKind kind, ReadScope scope, List<Map<String, AttributeValue>> items,
                           Function<Map<String, AttributeValue>, T> mapper) {
        return items.stream().map(item -> checked(kind, scope, item, mapper)).flatMap(Optional::stream).toList();
    }

    /** The item mapped, if there is one ({@code null} or empty: none) and it passes. */
    public <T> Optional<T> one(ItemKind kind, ReadScope scope, Map<String, AttributeValue> item,
                               Function<Map<String, AttributeValue>, T> mapper) {
        return item == null || item.isEmpty() ? Optional.empty() : checked(kind, scope, item, mapper);
    }

    private <T> Optional<T> checked(ItemKind kind, ReadScope scope, Map<String, AttributeValue> item,
                                    Function<Map<String, AttributeValue>, T> mapper) {
        if (!scope.admits(item)) {
            return skip(kind, Reason.FOREIGN_KEY, item, "out of scope");
        }
        try {
            return Optional.of(Objects.requireNonNull(mapper.apply(item), "mapped to nothing"));
        } catch (RuntimeException unmappable) {
            return skip(kind, Reason.MALFORMED, item, unmappable.getClass().getSimpleName());
        }
    }

    /** Logs the exception's type only: its message may quote attribute values. */
    private <T> Optional<T> skip(ItemKind kind, Reason reason, Map<String, AttributeValue> item, String why) {
        skipped.get(kind).get(reason).increment();
        LOG.warn("skipped item kind={} reason={} cause={} PK={} SK={}", kind.tag(), reason.tag, why,
                loggable(item.get(TableDesign.ENCLAVE.partitionKey())),
                loggable(item.get(TableDesign.ENCLAVE.sortKey())));
        return Optional.empty();
    }

    /** A key as a log line can hold it: printable, bounded. */
    static String loggable(AttributeValue key) {
        if (key == null || key.s() == null) {
            return "<none>";
        }
        String printable = key.s().codePoints()
                .mapToObj(c -> c >= 0x20 && c < 0x7f ? Character.toString(c) : String.format("\\u%04x", c))
                .collect(Collectors.joining());
        return printable.length() > LOGGED_KEY_LENGTH ? printable.substring(0, LOGGED_KEY_LENGTH) + "..." : printable;
    }

    private static Counter counter(MeterRegistry meters, ItemKind kind, Reason reason) {
        return Counter.builder(SKIPPED).description("Items a read skipped: outside its scope, or not mappable")
                .tag("kind", kind.tag()).tag("reason", reason.tag).register(meters);
    }

    /** Why an item was skipped; the {@code reason} tag. */
    public enum Reason {
        FOREIGN_KEY("foreign-key"),
        MALFORMED("malformed");

        private final String tag;

        Reason(String tag) {
            this.tag = tag;
        }

        public String tag() {
            return tag;
        }
    }
}
