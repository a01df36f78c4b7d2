package dev.enclave.app.edge.contract;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Every timestamp the API answers with: RFC 3339 in UTC, in whole seconds, e.g. {@code 2026-11-23T10:15:30Z}; and
 * every one it reads: RFC 3339 with an offset, from 1970 to 9999 (a time beyond them is no time Enclave stores, and
 * would not sort among the times it does).
 */
public final class WireTime {

    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss'Z'")
            .withZone(ZoneOffset.UTC);

    /** RFC 3339's date-time: seconds always, an optional fraction, and {@code Z} or an offset in hours and minutes. */
    private static final Pattern RFC_3339 = Pattern.compile(
            "[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?([Zz]|[+-][0-9]{2}:[0-9]{2})");
    private static final Instant EARLIEST = Instant.EPOCH;
    private static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999Z");

    private WireTime() {
    }

    /** The time {@code text} says, if it is an RFC 3339 time between 1970 and 9999. */
    public static Optional<Instant> parse(String text) {
        if (text == null || !RFC_3339.matcher(text).matches()) {
            return Optional.empty();
        }
        try {
            Instant instant = OffsetDateTime.parse(text).toInstant();
            return instant.isBefore(EARLIEST) || instant.isAfter(LATEST) ? Optional.empty() : Optional.of(instant);
        } catch (DateTimeException notATime) {
            return Optional.empty();
        }
    }

    public static String of(Instant instant) {
        return FORMAT.format(instant.truncatedTo(ChronoUnit.SECONDS));
    }

    /** The timestamp, or {@code null} (shown as JSON null) when there is none. */
    public static String ofNullable(Optional<Instant> instant) {
        return instant.map(WireTime::of).orElse(null);
    }
}
