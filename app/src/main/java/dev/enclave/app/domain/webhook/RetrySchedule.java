package dev.enclave.app.domain.webhook;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.DoubleSupplier;

/**
 * When a failed delivery is tried again: Svix's schedule (at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h
 * later; eight attempts over about 27.5 hours), each wait stretched or shrunk by up to a fifth at random so that
 * a receiver coming back is not hit by every retry at once. A {@code Retry-After} the receiver sent with 429, 502,
 * 503 or 504 is honoured when it asks for longer.
 */
public final class RetrySchedule {

    /** The wait after the n-th failed attempt (n = 1 ...); after the last, the delivery has failed. */
    public static final List<Duration> WAITS = List.of(Duration.ofSeconds(5), Duration.ofMinutes(5),
            Duration.ofMinutes(30), Duration.ofHours(2), Duration.ofHours(5), Duration.ofHours(10),
            Duration.ofHours(10));
    /** How much of a wait jitter may add or take away. */
    static final double JITTER = 0.2;

    private RetrySchedule() {
    }

    /** The attempts a delivery gets in all. */
    public static int attempts() {
        return WAITS.size() + 1;
    }

    /**
     * When to try again after {@code failed} attempts have failed, the last at {@code now}; empty when that was
     * the last. {@code random} gives numbers in [0, 1).
     */
    public static Optional<Instant> next(int failed, Instant now, Optional<Duration> retryAfter,
                                         DoubleSupplier random) {
        if (failed < 1 || failed > WAITS.size()) {
            return Optional.empty();
        }
        Duration wait = WAITS.get(failed - 1);
        long millis = Math.round(wait.toMillis() * (1 - JITTER + 2 * JITTER * random.getAsDouble()));
        Duration jittered = Duration.ofMillis(millis);
        Duration asked = retryAfter.filter(after -> after.compareTo(jittered) > 0).orElse(jittered);
        return Optional.of(now.plus(asked));
    }
}
