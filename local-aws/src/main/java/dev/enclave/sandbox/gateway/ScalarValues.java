package dev.enclave.sandbox.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;

/**
 * Key values ({@code S}, {@code N}, {@code B} in wire format) compared the way DynamoDB orders sort keys: strings by
 * their UTF-8 bytes, numbers by value, binaries by their bytes, all bytes unsigned.
 */
final class ScalarValues {

    private ScalarValues() {
    }

    /** The order of {@code a} and {@code b}; empty when either is missing or they are of different types. */
    static Optional<Integer> compare(JsonNode a, JsonNode b) {
        if (a == null || b == null) {
            return Optional.empty();
        }
        if (a.has("S") && b.has("S")) {
            return Optional.of(Arrays.compareUnsigned(utf8(a.get("S")), utf8(b.get("S"))));
        }
        if (a.has("N") && b.has("N")) {
            return Optional.of(new BigDecimal(a.get("N").asText()).compareTo(new BigDecimal(b.get("N").asText())));
        }
        if (a.has("B") && b.has("B")) {
            return Optional.of(Arrays.compareUnsigned(bytes(a.get("B")), bytes(b.get("B"))));
        }
        return Optional.empty();
    }

    /** Whether the string or binary {@code value} starts with {@code prefix}. */
    static boolean beginsWith(JsonNode value, JsonNode prefix) {
        if (value == null || prefix == null) {
            return false;
        }
        if (value.has("S") && prefix.has("S")) {
            return value.get("S").asText().startsWith(prefix.get("S").asText());
        }
        if (value.has("B") && prefix.has("B")) {
            byte[] whole = bytes(value.get("B"));
            byte[] start = bytes(prefix.get("B"));
            return whole.length >= start.length && Arrays.equals(whole, 0, start.length, start, 0, start.length);
        }
        return false;
    }

    private static byte[] utf8(JsonNode text) {
        return text.asText().getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] bytes(JsonNode base64) {
        return Base64.getDecoder().decode(base64.asText());
    }
}
