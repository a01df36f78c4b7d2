package dev.enclave.app.domain.webhook;

import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One event's delivery to one endpoint and its attempts so far.
 *
 * @param eventId       the envelope's {@code id}, sent as {@code webhook-id} on every attempt
 * @param body          the envelope, exactly as every attempt sends it
 * @param secret        whether the body carries a secret (an invitation's accept link), so it is kept sealed
 * @param nextAttemptAt when the next attempt is due, while it is pending
 */
public record Delivery(TenantId tenant, WebhookEndpointId endpoint, DeliveryId id, String eventId, String eventType,
                       String body, boolean secret, Status status, List<Attempt> attempts, Optional<Instant> nextAttemptAt,
                       Instant createdAt) {

    /** Where a delivery stands. */
    public enum Status {
        /** An attempt is due (now or later). */
        PENDING,
        /** An attempt was answered 2xx. */
        SUCCEEDED,
        /** No attempt is due any more: the schedule ran out, or the endpoint went away or was disabled. */
        FAILED
    }

    public Delivery {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(eventType, "eventType");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(status, "status");
        attempts = List.copyOf(attempts);
        Objects.requireNonNull(nextAttemptAt, "nextAttemptAt");
        Objects.requireNonNull(createdAt, "createdAt");
    }

    /** A new delivery, due at once. */
    public static Delivery due(TenantId tenant, WebhookEndpointId endpoint, DeliveryId id, String eventId,
                               String eventType, String body, Instant now) {
        return new Delivery(tenant, endpoint, id, eventId, eventType, body, false, Status.PENDING, List.of(),
                Optional.of(now), now);
    }

    /** The same delivery, its body a secret to keep sealed. */
    public Delivery carryingSecret() {
        return new Delivery(tenant, endpoint, id, eventId, eventType, body, true, status, attempts, nextAttemptAt,
                createdAt);
    }

    /**
     * One attempt: the answer's status, or the fault that kept it from being answered (or the rule that kept it
     * from being sent), how long it took, and the start of what came back.
     */
    public record Attempt(Instant at, Optional<Integer> status, long latencyMillis, String excerpt,
                          Optional<String> fault) {
        public Attempt {
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(excerpt, "excerpt");
            Objects.requireNonNull(fault, "fault");
        }

        public boolean succeeded() {
            return status.filter(code -> code >= 200 && code < 300).isPresent();
        }
    }
}
