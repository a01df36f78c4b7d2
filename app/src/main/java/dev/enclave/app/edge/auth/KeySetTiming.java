package dev.enclave.app.edge.auth;

import java.time.Duration;
import java.util.Objects;

/**
 * When a cached key set is refreshed and how long it may serve.
 *
 * @param refreshAfter    a set older than this is refreshed in the background while still used
 * @param minFetchGap     the least time between two fetches, however many unknown key ids arrive
 * @param maxStaleness    a set older than this is not used at all
 */
record KeySetTiming(Duration refreshAfter, Duration minFetchGap, Duration maxStaleness) {

    KeySetTiming {
        Objects.requireNonNull(refreshAfter, "refreshAfter");
        Objects.requireNonNull(minFetchGap, "minFetchGap");
        Objects.requireNonNull(maxStaleness, "maxStaleness");
    }

    static KeySetTiming of(AuthSettings settings) {
        return new KeySetTiming(settings.getJwksRefreshInterval(), settings.getJwksMinFetchInterval(),
                settings.getJwksMaxStaleness());
    }
}
