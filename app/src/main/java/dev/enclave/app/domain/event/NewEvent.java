package dev.enclave.app.domain.event;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The event a workflow records with its change, in the same transaction. The store adds what every event carries:
 * its place in the organisation's sequence, its id, the time, the actor and the request ({@link EventContext}).
 *
 * @param type       what happened
 * @param targets    what it happened to
 * @param changes    what changed: before and after, or what was added and removed; strings, numbers, booleans,
 *                   lists and maps of them
 * @param actor      who, when the workflow names them itself (an app's audit event); otherwise whoever is acting
 * @param occurredAt when, when the workflow says (an app's audit event); otherwise when it is recorded
 */
public record NewEvent(EventType type, List<Target> targets, Map<String, Object> changes, Optional<Actor> actor,
                       Optional<Instant> occurredAt) {

    public NewEvent {
        Objects.requireNonNull(type, "type");
        targets = List.copyOf(targets);
        changes = Map.copyOf(changes);
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(occurredAt, "occurredAt");
    }

    /** Enclave's event of {@code type} about {@code target}, by whoever is acting. */
    public static NewEvent of(EventType type, Target target, Map<String, Object> changes) {
        return new NewEvent(type, List.of(target), changes, Optional.empty(), Optional.empty());
    }

    /** Enclave's event of {@code type} about {@code target}, with nothing more to say. */
    public static NewEvent of(EventType type, Target target) {
        return of(type, target, Map.of());
    }

    /** Before and after of one value, as {@link #changes} holds it. */
    public static Map<String, Object> change(String what, Object before, Object after) {
        return Map.of(what, Map.of("before", before, "after", after));
    }
}
