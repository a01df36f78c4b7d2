package dev.enclave.app.infra.store;

import dev.enclave.identity.Incarnation;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Which life of its organisation wrote a control item: every item Enclave writes in a tenant's partition carries
 * the organisation's {@link Incarnation} in {@value #ATTRIBUTE}, so an item a deleted organisation left behind can
 * never pass for one of the organisation created again under the same id.
 *
 * <p>Items written before incarnations were recorded carry none; they belong to whichever incarnation reads them
 * (every deletion since has removed its own items before the id could be taken again).
 */
public final class Incarnations {

    /** The attribute naming the incarnation that wrote an item. */
    public static final String ATTRIBUTE = "incarnation";

    private Incarnations() {
    }

    /** {@code item} with {@code incarnation} recorded on it. */
    public static Map<String, AttributeValue> stamp(Map<String, AttributeValue> item, Incarnation incarnation) {
        Map<String, AttributeValue> stamped = new HashMap<>(item);
        stamped.put(ATTRIBUTE, AttributeValue.fromS(incarnation.value()));
        return Map.copyOf(stamped);
    }

    /** The incarnation an item records, if any. */
    public static Optional<String> of(Map<String, AttributeValue> item) {
        return Optional.ofNullable(item.get(ATTRIBUTE)).map(AttributeValue::s);
    }

    /** Whether {@code item} was written by {@code incarnation} (or before incarnations were recorded). */
    public static boolean belongsTo(Map<String, AttributeValue> item, Incarnation incarnation) {
        return !item.containsKey(ATTRIBUTE) || of(item).filter(incarnation.value()::equals).isPresent();
    }

    /** The condition that the item is absent, or was written by {@code incarnation} (or before they were recorded). */
    public static Expr writtenBy(Incarnation incarnation) {
        return Expr.of("(attribute_not_exists(#incarnation) OR #incarnation = :incarnation)")
                .name("#incarnation", ATTRIBUTE).value(":incarnation", incarnation.value());
    }

    /**
     * The condition that no item of {@code incarnation}'s life (or of before lives were recorded) has the key: it is
     * absent, or a predecessor's leftover, which a new item of this life replaces.
     */
    public static Expr noneOf(Incarnation incarnation) {
        return Expr.of("(attribute_not_exists(#noneKey) OR attribute_exists(#incarnation) AND #incarnation <> "
                + ":incarnation)").name("#noneKey", TableAttributes.PARTITION_KEY).name("#incarnation", ATTRIBUTE)
                .value(":incarnation", incarnation.value());
    }
}
