package dev.enclave.sandbox.sts;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Faults the local STS injects on demand into AssumeRole, as STS has them on a bad minute: throttling, being
 * unavailable, answering slowly. Each rule applies a given number of times (or until cleared). None by default;
 * sandbox only, so never in the production jar. Thread-safe.
 */
public final class StsFaults {

    /** What the STS does to an AssumeRole call instead of (or, for latency, before) answering it. */
    public enum Kind {
        /** HTTP 400 {@code Throttling}: the account's STS request rate is exceeded. */
        THROTTLING,
        /** HTTP 503 {@code ServiceUnavailable}: STS is down for a while. */
        UNAVAILABLE,
        /** The call is held for the rule's latency, then answered. */
        LATENCY
    }

    /**
     * One fault.
     *
     * @param kind    what happens
     * @param latency how long a matched call is held first (the whole fault, for {@link Kind#LATENCY})
     * @param times   how many calls it applies to; {@link Integer#MAX_VALUE} for as long as it is injected
     */
    public record Rule(Kind kind, Duration latency, int times) {

        public Rule {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(latency, "latency");
            if (times < 1 || latency.isNegative()) {
                throw new IllegalArgumentException("a fault applies at least once, after no negative latency");
            }
        }

        /** {@code kind} on the next {@code times} calls, with no latency. */
        public static Rule next(Kind kind, int times) {
            return new Rule(kind, Duration.ZERO, times);
        }

        /** {@code kind} on every call until the faults are cleared. */
        public static Rule untilCleared(Kind kind) {
            return new Rule(kind, Duration.ZERO, Integer.MAX_VALUE);
        }
    }

    private record Active(Rule rule, AtomicInteger remaining) {
    }

    private final List<Active> active = new CopyOnWriteArrayList<>();

    /** Adds {@code rule}; rules added earlier apply first. */
    public void inject(Rule rule) {
        active.add(new Active(rule, new AtomicInteger(rule.times())));
    }

    /** Removes every rule: STS answers normally again. */
    public void clear() {
        active.clear();
    }

    /** The fault an AssumeRole call meets, counting it against its rule; empty when none applies. */
    Optional<Rule> take() {
        for (Active candidate : active) {
            if (candidate.remaining().getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0) {
                return Optional.of(candidate.rule());
            }
        }
        active.removeIf(spent -> spent.remaining().get() == 0);
        return Optional.empty();
    }
}
