package dev.enclave.app.edge.web.event;

import dev.enclave.app.domain.outcome.Refusal;
import dev.enclave.app.domain.text.TextRule;
import io.micronaut.core.annotation.Nullable;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/** The rules of an app event's metadata: a flat map of named strings, numbers and booleans, bounded. */
final class AppEventMetadata {

    static final int LONGEST_VALUE = 1000;
    /**
     * How many bytes the keys and values may take together, in UTF-8: an event is copied into a delivery item for
     * each endpoint, and a hand-out writes many in one transaction, so an event stays far below DynamoDB's item size.
     */
    static final int MOST_BYTES = 16_384;
    private static final int LONGEST_DECIMAL = 38;
    private static final BigDecimal SMALLEST_DECIMAL = new BigDecimal("1e-130");
    private static final Pattern KEY = Pattern.compile("[A-Za-z][A-Za-z0-9_.-]{0,63}");

    private static final String FIELD = "metadata";

    private AppEventMetadata() {
    }

    /** What is wrong with {@code metadata}, if anything. */
    static Optional<Refusal> wrong(@Nullable Map<String, Object> metadata, int most) {
        if (metadata == null) {
            return Optional.empty();
        }
        if (metadata.size() > most) {
            return Optional.of(Refusal.invalid(FIELD, "must have at most " + most + " entries"));
        }
        for (Map.Entry<String, Object> entry : metadata.entrySet()) {
            if (!KEY.matcher(entry.getKey()).matches()) {
                return Optional.of(Refusal.invalid(FIELD, "keys must be 1 to 64 letters, digits, _ . or -, "
                        + "starting with a letter"));
            }
            if (!admitted(entry.getValue())) {
                return Optional.of(Refusal.invalid(FIELD + "." + entry.getKey(), "must be a string (1 to "
                        + LONGEST_VALUE + " characters, no control characters), a number (a whole number of 64 bits,"
                        + " or a decimal no smaller than 1e-130) or a boolean"));
            }
        }
        if (bytes(metadata) > MOST_BYTES) {
            return Optional.of(Refusal.invalid(FIELD, "keys and values must take at most " + MOST_BYTES
                    + " bytes together, in UTF-8"));
        }
        return Optional.empty();
    }

    private static long bytes(Map<String, Object> metadata) {
        return metadata.entrySet().stream().mapToLong(entry -> utf8(entry.getKey())
                + utf8(String.valueOf(entry.getValue()))).sum();
    }

    private static int utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }

    private static boolean admitted(@Nullable Object value) {
        if (value instanceof String text) {
            return TextRule.admits(text, LONGEST_VALUE);
        }
        if (value instanceof Number number) {
            return storable(number);
        }
        return value instanceof Boolean;
    }

    /**
     * Whether {@code number} is stored and read back as it was sent: a whole number of 64 bits, or a decimal DynamoDB
     * keeps exactly (at most 38 significant digits, no smaller than 1e-130).
     */
    private static boolean storable(Number number) {
        BigDecimal exact;
        try {
            exact = new BigDecimal(number.toString()).stripTrailingZeros();
        } catch (NumberFormatException notFinite) {
            return false;
        }
        if (exact.scale() <= 0) {
            return exact.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) >= 0
                    && exact.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0;
        }
        return exact.precision() <= LONGEST_DECIMAL && exact.abs().compareTo(SMALLEST_DECIMAL) >= 0;
    }
}
