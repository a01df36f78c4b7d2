package dev.enclave.app.edge.contract;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/** Every timestamp the API answers with: RFC 3339 in UTC, in whole seconds, e.g. {@code 2026-11-23T10:15:30Z}. */
public final class WireTime {

    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss'Z'")
            .withZone(ZoneOffset.UTC);

    private WireTime() {
    }

    public static String of(Instant instant) {
        return FORMAT.format(instant.truncatedTo(ChronoUnit.SECONDS));
    }

    /** The timestamp, or {@code null} (shown as JSON null) when there is none. */
    public static String ofNullable(Optional<Instant> instant) {
        return instant.map(WireTime::of).orElse(null);
    }
}
