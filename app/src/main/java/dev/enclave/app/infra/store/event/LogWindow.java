package dev.enclave.app.infra.store.event;

import dev.enclave.app.domain.event.RecordedEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * Where a time window lies in an organisation's log. Places follow commit order and an event's {@code time} is its
 * writer's clock, so times are in place order only up to {@link #CLOCK_MARGIN} (the instances' clock skew, and a
 * write retried after losing its place). That is enough to bound a window by places: an event at or after
 * {@code to + margin} has every later event at or after {@code to}, and one before {@code from - margin} every
 * earlier event before {@code from}. The audit log reads its window between the two, not the whole log down to it.
 */
final class LogWindow {

    /** How far an event's time may be behind an event placed before it. */
    static final Duration CLOCK_MARGIN = Duration.ofMinutes(1);

    private LogWindow() {
    }

    /**
     * A place every event at or after which was recorded at or after {@code to}, found by halving the log (one
     * Query of one event each step); empty when no event is late enough for one (read from the newest).
     *
     * @param newestAtOrBelow the newest event at a place in {@code (lowest, highest]}, as a strongly consistent Query
     *                        finds it
     */
    static Optional<Long> endBefore(Instant to, BiFunction<Long, Long, Optional<RecordedEvent>> newestAtOrBelow) {
        Instant late = to.plus(CLOCK_MARGIN);
        Optional<RecordedEvent> newest = newestAtOrBelow.apply(0L, Long.MAX_VALUE - 1);
        if (newest.isEmpty() || newest.get().time().isBefore(late)) {
            return Optional.empty();
        }
        long lowest = 0;
        long end = newest.get().sequence();
        while (end - lowest > 1) {
            long middle = lowest + (end - lowest) / 2;
            Optional<RecordedEvent> probe = newestAtOrBelow.apply(lowest, middle);
            if (probe.isPresent() && !probe.get().time().isBefore(late)) {
                end = probe.get().sequence();
            } else {
                lowest = middle;
            }
        }
        return Optional.of(end);
    }

    /** Whether {@code event}, read newest first, ends a window from {@code from}: every event before it is earlier. */
    static boolean endsWindow(RecordedEvent event, Instant from) {
        return event.time().isBefore(floor(from));
    }

    /** The time before which a read newest first ends a window from {@code from}. */
    static Instant floor(Instant from) {
        return from.minus(CLOCK_MARGIN);
    }
}
