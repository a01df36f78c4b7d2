package dev.enclave.app.infra.store.event;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.event.Actor;
import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.event.RecordedEvent;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * A time window's end is found by halving the log, and is right whatever the writers' clocks did within the margin:
 * no event of the window lies at or after the place found.
 */
class LogWindowTest {

    private static final Instant START = Instant.parse("2026-11-01T00:00:00Z");

    @Test
    void theWindowsEnd_isAPlaceNoEventOfTheWindowLiesAtOrAfter_foundInAboutLog2Reads() {
        TreeMap<Long, RecordedEvent> log = log(100_000, 7);
        Instant to = START.plusSeconds(40_000);
        AtomicInteger reads = new AtomicInteger();

        Optional<Long> end = LogWindow.endBefore(to, counting(log, reads));

        assertThat(end).isPresent();
        assertThat(log.tailMap(end.get(), true).values()).allMatch(event -> !event.time().isBefore(to));
        assertThat(log.headMap(end.get(), false)).as("the window and a margin's worth of events, not more")
                .hasSizeBetween(40_000, 40_200);
        assertThat(reads.get()).isLessThanOrEqualTo(2 + 17 + 1);
    }

    @Test
    void aLogWithHolesWhereEventsExpired_stillFindsAnEndInsideIt() {
        TreeMap<Long, RecordedEvent> log = log(10_000, 11);
        log.headMap(6_000L).clear();
        Instant to = START.plusSeconds(8_000);

        Optional<Long> end = LogWindow.endBefore(to, counting(log, new AtomicInteger()));

        assertThat(end).hasValueSatisfying(place -> assertThat(place).isBetween(8_000L, 8_100L));
        assertThat(log.tailMap(end.get(), true).values()).allMatch(event -> !event.time().isBefore(to));
    }

    @Test
    void noEventLateEnough_orNoEventAtAll_meansReadingFromTheNewest() {
        TreeMap<Long, RecordedEvent> log = log(1_000, 3);

        assertThat(LogWindow.endBefore(START.plusSeconds(1_000), counting(log, new AtomicInteger()))).isEmpty();
        assertThat(LogWindow.endBefore(START, counting(new TreeMap<>(), new AtomicInteger()))).isEmpty();
    }

    @Test
    void readingNewestFirst_anEventBeforeTheMarginEndsAWindow_oneWithinItDoesNot() {
        Instant from = START.plusSeconds(3_600);

        assertThat(LogWindow.endsWindow(event(1, from.minus(LogWindow.CLOCK_MARGIN).minusMillis(1)), from)).isTrue();
        assertThat(LogWindow.endsWindow(event(2, from.minus(LogWindow.CLOCK_MARGIN)), from)).isFalse();
        assertThat(LogWindow.endsWindow(event(3, from.minusSeconds(5)), from)).isFalse();
    }

    /** One event a second, each writer's clock up to 50 s off (within the margin), at places 1 to {@code size}. */
    private static TreeMap<Long, RecordedEvent> log(int size, long seed) {
        Random skew = new Random(seed);
        TreeMap<Long, RecordedEvent> log = new TreeMap<>();
        for (long place = 1; place <= size; place++) {
            log.put(place, event(place, START.plusSeconds(place).minusSeconds(skew.nextInt(25))
                    .plusSeconds(skew.nextInt(25))));
        }
        return log;
    }

    private static BiFunction<Long, Long, Optional<RecordedEvent>> counting(TreeMap<Long, RecordedEvent> log,
                                                                        AtomicInteger reads) {
        return (lowest, highest) -> {
            reads.incrementAndGet();
            return Optional.ofNullable(log.floorEntry(highest)).filter(found -> found.getKey() > lowest)
                    .map(Map.Entry::getValue);
        };
    }

    private static RecordedEvent event(long place, Instant time) {
        return new RecordedEvent(TenantId.of("acme"), new Incarnation("mhx3k2w1"), place, "event-" + place,
                EventType.ORGANISATION_RENAMED, Actor.SYSTEM, List.of(), Map.of(), Optional.empty(), time, time);
    }
}
