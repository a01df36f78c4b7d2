package dev.enclave.sandbox.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Iterator;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * The size of an item in bytes as DynamoDB counts it for capacity, after "DynamoDB item sizes and formats"
 * (Amazon DynamoDB Developer Guide, {@code CapacityUnitCalculations}): the sum over attributes of the name's UTF-8
 * bytes and the value's size, where
 * <ul>
 *   <li>a string is its UTF-8 bytes; a binary its raw bytes (not the base64 sent);</li>
 *   <li>a number is "approximately 1 byte per two significant digits, plus 1": counted exactly here as DynamoDB Local
 *       counts it (checked against it at every 1 KB boundary), with digits paired around the decimal point
 *       ({@code 1.5} is {@code 01|50}: 2 pairs), zero pairs at either end dropped, plus 1 byte, plus 1 more for a
 *       negative number;</li>
 *   <li>a Boolean or null is 1 byte; a set is the sum of its elements;</li>
 *   <li>a list or map is 3 bytes, plus for each element 1 byte and its size (a map element's size includes its
 *       name).</li>
 * </ul>
 * Values are in DynamoDB's JSON wire format. Public for the benchmarks, which price the items they read back by the
 * same rules.
 */
public final class ItemSize {

    private static final int LIST_OR_MAP = 3;
    private static final int PER_ELEMENT = 1;

    private ItemSize() {
    }

    /** The size of an item: {@code {"name": {"S": "..."}, ...}}. */
    public static long of(JsonNode item) {
        long size = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = item.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> attribute = it.next();
            size += utf8(attribute.getKey()) + value(attribute.getValue());
        }
        return size;
    }

    /** The size of one attribute value ({@code {"N": "12"}}), without its name. */
    static long value(JsonNode value) {
        Map.Entry<String, JsonNode> typed = value.fields().next();
        JsonNode content = typed.getValue();
        return switch (typed.getKey()) {
            case "S" -> utf8(content.asText());
            case "N" -> number(content.asText());
            case "B" -> binary(content.asText());
            case "BOOL", "NULL" -> 1;
            case "SS" -> sum(content, element -> utf8(element.asText()));
            case "NS" -> sum(content, element -> number(element.asText()));
            case "BS" -> sum(content, element -> binary(element.asText()));
            case "L" -> LIST_OR_MAP + sum(content, element -> PER_ELEMENT + value(element));
            case "M" -> LIST_OR_MAP + of(content) + (long) PER_ELEMENT * content.size();
            default -> throw new IllegalArgumentException("unknown attribute value type: " + typed.getKey());
        };
    }

    /**
     * Base-100 digit pairs aligned on the decimal point (no zero pair survives at either end once trailing zeros are
     * stripped and at most one leading zero aligns the first pair), plus 1 byte, plus 1 if negative.
     */
    public static long number(String text) {
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

    private static long binary(String base64) {
        return Base64.getDecoder().decode(base64).length;
    }

    private static long utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }

    private static long sum(JsonNode elements, ToLongFunction<JsonNode> size) {
        long total = 0;
        for (JsonNode element : elements) {
            total += size.applyAsLong(element);
        }
        return total;
    }
}
