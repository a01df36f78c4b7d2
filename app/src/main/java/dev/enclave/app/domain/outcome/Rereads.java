package dev.enclave.app.domain.outcome;

import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The use cases' one retry loop: read, decide, write; when the write finds what was read has changed, back off, read
 * again and decide again, carrying what earlier attempts learned. Transaction conflicts are retried below, in the
 * store; this loop is for a decision made on a read that went stale.
 */
public final class Rereads {

    private Rereads() {
    }

    /**
     * Runs {@code attempt} up to {@code attempts} times, from {@code learned}, until it decides; {@code exhausted}
     * answers when every attempt found the read stale.
     */
    public static <L, T> T decide(int attempts, L learned, Function<L, Step<L, T>> attempt, Supplier<T> exhausted) {
        L known = learned;
        for (int round = 1; round <= attempts; round++) {
            if (round > 1) {
                Backoff.pause(round - 1);
            }
            Step<L, T> step = attempt.apply(known);
            if (step instanceof Decided<L, T> decided) {
                return decided.answer();
            }
            known = ((Again<L, T>) step).learned();
        }
        return exhausted.get();
    }

    /** What one attempt came to: an answer, or a stale read (with what it learned) to try again on. */
    public sealed interface Step<L, T> permits Decided, Again {
    }

    public record Decided<L, T>(T answer) implements Step<L, T> {
    }

    public record Again<L, T>(L learned) implements Step<L, T> {
    }
}
