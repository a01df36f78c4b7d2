package dev.enclave.app.domain.webhook;

import java.security.SecureRandom;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One delivery to one endpoint: when it was made (13 digits of epoch milliseconds, so an endpoint's deliveries list
 * newest first) and what it carries (the event's place in the log, 19 digits; or {@code test} and 8 hex digits).
 */
public record DeliveryId(String value) {

    public static final String REGEX = "[0-9]{13}\\.([0-9]{19}|test[0-9a-f]{8})";
    private static final Pattern PATTERN = Pattern.compile(REGEX);

    public DeliveryId {
        Objects.requireNonNull(value, "value");
        if (!PATTERN.matcher(value).matches()) {
            throw new IllegalArgumentException("not a delivery id: " + value);
        }
    }

    /** The delivery of the event at {@code place}, made at {@code at}. */
    public static DeliveryId ofEvent(Instant at, long place) {
        return new DeliveryId(String.format("%013d.%019d", at.toEpochMilli(), place));
    }

    /** A test delivery made at {@code at}. */
    public static DeliveryId test(Instant at, SecureRandom random) {
        byte[] bytes = new byte[4];
        random.nextBytes(bytes);
        return new DeliveryId(String.format("%013d.test%s", at.toEpochMilli(), HexFormat.of().formatHex(bytes)));
    }

    /** Whether this delivery was made before {@code instant} (to the millisecond its id records). */
    public boolean madeBefore(Instant instant) {
        return Long.parseLong(value.substring(0, 13)) < instant.toEpochMilli();
    }

    public static Optional<DeliveryId> parse(String value) {
        return value != null && PATTERN.matcher(value).matches() ? Optional.of(new DeliveryId(value))
                : Optional.empty();
    }

    @Override
    public String toString() {
        return value;
    }
}
