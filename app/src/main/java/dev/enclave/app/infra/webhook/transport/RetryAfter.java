package dev.enclave.app.infra.webhook.transport;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.regex.Pattern;

/** Reads a {@code Retry-After} header: delta-seconds or an HTTP-date, never negative, at most a day. */
final class RetryAfter {

    static final Duration MOST = Duration.ofDays(1);
    private static final Pattern SECONDS = Pattern.compile("[0-9]+");

    private RetryAfter() {
    }

    /** The wait {@code value} asks for, seen at {@code now}; empty when it cannot be read. */
    static Optional<Duration> read(String value, Instant now) {
        String trimmed = value.trim();
        if (SECONDS.matcher(trimmed).matches()) {
            return Optional.of(trimmed.length() > 6 ? MOST : bounded(Duration.ofSeconds(Long.parseLong(trimmed))));
        }
        try {
            Instant date = ZonedDateTime.parse(trimmed, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            return Optional.of(bounded(Duration.between(now, date)));
        } catch (DateTimeParseException unreadable) {
            return Optional.empty();
        }
    }

    private static Duration bounded(Duration wait) {
        return wait.isNegative() ? Duration.ZERO : wait.compareTo(MOST) > 0 ? MOST : wait;
    }
}
