package dev.enclave.app.domain.outcome;

import java.util.function.Function;

/**
 * What every use case answers: done, with what it made or changed ({@code Void} when nothing), or refused, with why.
 * A use case takes one command record and answers one of these; port outcome types stay below it.
 */
public sealed interface Outcome<T> permits Outcome.Done, Outcome.Refused {

    static <T> Outcome<T> done(T value) {
        return new Done<>(value);
    }

    /** Done, with nothing to show for it but the change. */
    static Outcome<Void> done() {
        return new Done<>(null);
    }

    static <T> Outcome<T> refused(Refusal refusal) {
        return new Refused<>(refusal);
    }

    static <T> Outcome<T> refused(Reason reason, String detail) {
        return refused(new Refusal(reason, detail));
    }

    /** A value sent in {@code field} that breaks {@code rule}. */
    static <T> Outcome<T> invalid(String field, String rule) {
        return refused(Refusal.invalid(field, rule));
    }

    /** One of the two answers, whichever this is. */
    default <R> R fold(Function<? super T, ? extends R> done, Function<Refusal, ? extends R> refused) {
        return this instanceof Done<T> d ? done.apply(d.value()) : refused.apply(((Refused<T>) this).refusal());
    }

    record Done<T>(T value) implements Outcome<T> {
    }

    record Refused<T>(Refusal refusal) implements Outcome<T> {
    }
}
