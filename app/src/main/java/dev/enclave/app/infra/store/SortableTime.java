package dev.enclave.app.infra.store;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Instants written so that their strings sort as the instants do: always nine fraction digits ({@code
 * Instant.toString} drops zero digit groups, so {@code 10:00:01Z} would sort after {@code 10:00:01.5Z}).
 */
public final class SortableTime {

    private static final DateTimeFormatter FORMAT = DateTimeFormatter
            .ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'").withZone(ZoneOffset.UTC);

    private SortableTime() {
    }

    public static String format(Instant instant) {
        return FORMAT.format(instant);
    }
}
