package dev.enclave.app.domain.webhook;

import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.identity.TenantId;
import jakarta.inject.Singleton;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * An owner or admin sends deliveries again: one ({@code retry}), every failure since a time ({@code recover}), or
 * a test event to an endpoint. Each becomes due at once; the worker is told, so it need not wait for its poll.
 */
@Singleton
public record ReplayingDeliveries(WebhookEndpoints endpoints, Deliveries deliveries, EventBodies bodies,
                                  DeliveryNudge nudge, DeliveryClock clock) {

    private static final SecureRandom RANDOM = new SecureRandom();

    public Outcome<Boolean> retry(TenantId tenant, WebhookEndpointId endpoint, DeliveryId id) {
        if (endpoints.find(tenant, endpoint).isEmpty()) {
            return endpointNotFound();
        }
        if (!deliveries.retry(tenant, endpoint, id, clock.now())) {
            return Outcome.refused(Reason.DELIVERY_NOT_RETRYABLE,
                    "No such delivery, or an attempt of it is being made right now; try again shortly.");
        }
        nudge.due(tenant);
        return Outcome.done(true);
    }

    /** Sends the failures since {@code since} again, one bounded part at a time: {@code after} the last part. */
    public Outcome<Deliveries.Recovery> recover(TenantId tenant, WebhookEndpointId endpoint, Instant since,
                                                Optional<DeliveryId> after) {
        if (endpoints.find(tenant, endpoint).isEmpty()) {
            return endpointNotFound();
        }
        if (after.filter(last -> last.madeBefore(since)).isPresent()) {
            return Outcome.invalid("after", "a delivery made at or after since");
        }
        Deliveries.Recovery recovery = deliveries.recover(tenant, endpoint, since, after, clock.now());
        nudge.due(tenant);
        return Outcome.done(recovery);
    }

    public Outcome<Delivery> test(Organisation organisation, WebhookEndpointId endpoint) {
        Optional<WebhookEndpoint> found = endpoints.find(organisation.id(), endpoint);
        if (found.isEmpty()) {
            return endpointNotFound();
        }
        Instant now = clock.now();
        String eventId = UUID.randomUUID().toString();
        Delivery delivery = Delivery.due(organisation.id(), endpoint, DeliveryId.test(now, RANDOM), eventId,
                WebhookEndpoint.TEST_EVENT, bodies.test(organisation, endpoint, eventId, now), now);
        deliveries.add(delivery, organisation);
        nudge.due(organisation.id());
        return Outcome.done(delivery);
    }

    private static <T> Outcome<T> endpointNotFound() {
        return Outcome.refused(Reason.WEBHOOK_ENDPOINT_NOT_FOUND, "No such webhook endpoint.");
    }
}
