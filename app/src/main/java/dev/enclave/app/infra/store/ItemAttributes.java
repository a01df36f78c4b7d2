package dev.enclave.app.infra.store;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Reads single attributes of an item read without a schema; a missing or mistyped one fails. */
public final class ItemAttributes {

    private ItemAttributes() {
    }

    /** The string attribute; fails when it is absent or not a string. */
    public static String string(Map<String, AttributeValue> item, String attribute) {
        return Objects.requireNonNull(Objects.requireNonNull(item.get(attribute), attribute).s(), attribute);
    }

    /** The string attribute, if the item has one. */
    public static Optional<String> optionalString(Map<String, AttributeValue> item, String attribute) {
        return Optional.ofNullable(item.get(attribute)).map(AttributeValue::s);
    }

    /** The number attribute; fails when it is absent or not a whole number. */
    public static long number(Map<String, AttributeValue> item, String attribute) {
        return Long.parseLong(Objects.requireNonNull(item.get(attribute), attribute).n());
    }

    /** The number attribute, if the item has one. */
    public static Optional<Long> optionalNumber(Map<String, AttributeValue> item, String attribute) {
        return Optional.ofNullable(item.get(attribute)).map(AttributeValue::n).map(Long::parseLong);
    }

    /** The number attribute, if the item has one that is a whole number: anything else reads as none. */
    public static OptionalLong wholeNumber(Map<String, AttributeValue> item, String attribute) {
        String number = Optional.ofNullable(item.get(attribute)).map(AttributeValue::n).orElse(null);
        try {
            return number == null ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(number));
        } catch (NumberFormatException notWhole) {
            return OptionalLong.empty();
        }
    }

    /** The item's sort key. */
    public static String sortKey(Map<String, AttributeValue> item) {
        return string(item, TableAttributes.SORT_KEY);
    }
}
