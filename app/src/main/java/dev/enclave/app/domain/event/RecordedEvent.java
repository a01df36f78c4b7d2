package dev.enclave.app.domain.event;

import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An event as the organisation's log holds it.
 *
 * @param organisation the organisation (tenant) whose log holds it
 * @param incarnation  the organisation's life it was recorded in
 * @param sequence     its place in the organisation's log: 1, 2, 3, ... in the order the changes committed
 * @param id           unique across every organisation; the same on every read and delivery
 * @param type         what happened
 * @param actor        who
 * @param targets      what it happened to
 * @param changes      what changed
 * @param requestId    the request that made the change, if one did
 * @param time         when it was recorded (the recording instance's clock)
 * @param occurredAt   when it happened, when an app said so; otherwise {@code time}
 */
public record RecordedEvent(TenantId organisation, Incarnation incarnation, long sequence, String id,
                            EventType type, Actor actor, List<Target> targets, Map<String, Object> changes,
                            Optional<String> requestId, Instant time, Instant occurredAt) {

    public RecordedEvent {
        Objects.requireNonNull(organisation, "organisation");
        Objects.requireNonNull(incarnation, "incarnation");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(actor, "actor");
        targets = List.copyOf(targets);
        changes = Map.copyOf(changes);
        Objects.requireNonNull(requestId, "requestId");
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(occurredAt, "occurredAt");
        if (sequence < 1) {
            throw new IllegalArgumentException("sequences start at 1");
        }
    }
}
