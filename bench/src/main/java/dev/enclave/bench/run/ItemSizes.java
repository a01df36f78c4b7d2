package dev.enclave.bench.run;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Map;
import java.util.function.ToLongFunction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An item's size in bytes and the capacity units it is billed, by DynamoDB's rules ("DynamoDB item sizes and
 * formats", Amazon DynamoDB Developer Guide, {@code CapacityUnitCalculations}), on items as the SDK reads them: the
 * sum over attributes of the name's UTF-8 bytes and the value's size, where a string is its UTF-8 bytes, a binary its
 * raw bytes, a number 1 byte per pair of significant digits plus 1 (plus 1 if negative), a Boolean or null 1 byte, a
 * set the sum of its elements, and a list or map 3 bytes plus, per element, 1 byte and its size (a map element's
 * name included). The same rules as the sandbox gateway's {@code ItemSize} (local-aws), which charges transactions
 * by them and is checked there against DynamoDB Local at every 1 KB boundary; that one reads the wire format and is
 * the gateway's own, so the rules are written again here for the items the bench reads back.
 */
final class ItemSizes {

    /** A write unit covers 1 KB of item, rounded up per item, at least one. */
    static final long WRITE_UNIT_BYTES = 1024;
    /** A strongly consistent read unit covers 4 KB, a Query's items summed before rounding up. */
    static final long READ_UNIT_BYTES = 4096;
    /** A transaction writes each item twice, to prepare and to commit. */
    static final int TRANSACTIONAL = 2;

    private static final int LIST_OR_MAP = 3;
    private static final int PER_ELEMENT = 1;

    private ItemSizes() {
    }

    /** The item's size in bytes. */
    static long of(Map<String, AttributeValue> item) {
        long size = 0;
        for (Map.Entry<String, AttributeValue> attribute : item.entrySet()) {
            size += utf8(attribute.getKey()) + value(attribute.getValue());
        }
        return size;
    }

    /** Write units of an item of {@code bytes} written in a transaction: 2 per KB, rounded up. */
    static long transactionalWriteUnits(long bytes) {
        return TRANSACTIONAL * Math.max(1, (bytes + WRITE_UNIT_BYTES - 1) / WRITE_UNIT_BYTES);
    }

    /** Read units of a strongly consistent Query that read {@code bytes} of items: 1 per 4 KB, rounded up. */
    static long consistentQueryReadUnits(long bytes) {
        return Math.max(1, (bytes + READ_UNIT_BYTES - 1) / READ_UNIT_BYTES);
    }

    private static long value(AttributeValue value) {
        switch (value.type()) {
            case S:
                return utf8(value.s());
            case N:
                return number(value.n());
            case B:
                return value.b().asByteArray().length;
            case BOOL:
            case NUL:
                return 1;
            case SS:
                return sum(value.ss(), ItemSizes::utf8);
            case NS:
                return sum(value.ns(), ItemSizes::number);
            case BS:
                return sum(value.bs(), bytes -> bytes.asByteArray().length);
            case L:
                return LIST_OR_MAP + sum(value.l(), element -> PER_ELEMENT + value(element));
            case M:
                return LIST_OR_MAP + of(value.m()) + (long) PER_ELEMENT * value.m().size();
            default:
                throw new IllegalArgumentException("an attribute value of unknown type: " + value);
        }
    }

    /**
     * Base-100 digit pairs aligned on the decimal point, zero pairs at either end dropped, plus 1 byte, plus 1 if
     * negative ({@code 1.5} is {@code 01|50}: 2 pairs, 3 bytes).
     */
    static long number(String text) {
        BigDecimal number = new BigDecimal(text);
        if (number.signum() == 0) {
            return 1;
        }
        BigDecimal magnitude = number.abs().stripTrailingZeros();
        String digits = magnitude.unscaledValue().toString();
        int integerDigits = digits.length() - magnitude.scale();
        String aligned = "0".repeat(Math.floorMod(-integerDigits, 2)) + digits;
        int pairs = (aligned.length() + 1) / 2;
        return pairs + 1 + (number.signum() < 0 ? 1 : 0);
    }

    private static long utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }

    private static <T> long sum(Collection<T> elements, ToLongFunction<T> size) {
        long total = 0;
        for (T element : elements) {
            total += size.applyAsLong(element);
        }
        return total;
    }
}
