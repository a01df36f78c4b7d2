package dev.enclave.app.infra.store.event;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** An event's changes as a DynamoDB map and back: strings, numbers, booleans, lists and maps of them. */
final class ChangeValues {

    /** The largest whole number read back as a {@code long}; a larger one (none is written now) stays a decimal. */
    private static final BigDecimal LONGEST_WHOLE = BigDecimal.valueOf(Long.MAX_VALUE);

    private ChangeValues() {
    }

    static AttributeValue toValue(Object value) {
        if (value instanceof String text) {
            return AttributeValue.fromS(text);
        }
        if (value instanceof Number number) {
            return AttributeValue.fromN(new BigDecimal(number.toString()).toPlainString());
        }
        if (value instanceof Boolean flag) {
            return AttributeValue.fromBool(flag);
        }
        if (value instanceof List<?> list) {
            return AttributeValue.fromL(list.stream().map(ChangeValues::toValue).toList());
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, AttributeValue> values = new LinkedHashMap<>();
            map.forEach((key, entry) -> values.put(String.valueOf(key), toValue(entry)));
            return AttributeValue.fromM(values);
        }
        throw new IllegalArgumentException("an event's changes hold no " + value.getClass().getSimpleName());
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> fromValue(AttributeValue value) {
        return (Map<String, Object>) read(value);
    }

    private static Object read(AttributeValue value) {
        if (value.s() != null) {
            return value.s();
        }
        if (value.n() != null) {
            BigDecimal number = new BigDecimal(value.n());
            return number.scale() <= 0 && number.abs().compareTo(LONGEST_WHOLE) <= 0 ? (Object) number.longValue()
                    : number;
        }
        if (value.bool() != null) {
            return value.bool();
        }
        if (value.hasL()) {
            return value.l().stream().map(ChangeValues::read).toList();
        }
        if (value.hasM()) {
            Map<String, Object> map = new LinkedHashMap<>();
            value.m().forEach((key, entry) -> map.put(key, read(entry)));
            return map;
        }
        throw new IllegalArgumentException("an event's changes hold no such value: " + value);
    }
}
