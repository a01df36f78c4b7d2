package dev.enclave.app.domain.webhook;

import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** An endpoint's deliveries as its admins see and replay them. */
public interface Deliveries {

    /** The most a page answers. */
    int MAX_PAGE = 100;

    /** The endpoint's deliveries, newest first, before {@code before} when given. */
    DeliveryPage list(TenantId tenant, WebhookEndpointId endpoint, Optional<DeliveryId> before, int limit);

    /** Makes a delivery that is not pending due again at {@code now}; false when there is none, or it is pending. */
    boolean retry(TenantId tenant, WebhookEndpointId endpoint, DeliveryId id, Instant now);

    /** Makes every failed delivery made at or after {@code since} due again at {@code now}; how many. */
    int recover(TenantId tenant, WebhookEndpointId endpoint, Instant since, Instant now);

    /** Adds {@code delivery} (a test) to the organisation's deliveries, due at once. */
    void add(Delivery delivery, Organisation organisation);

    /** A page of deliveries, and the delivery to continue before when there may be more. */
    record DeliveryPage(List<Delivery> deliveries, Optional<DeliveryId> before) {
        public DeliveryPage {
            deliveries = List.copyOf(deliveries);
            Objects.requireNonNull(before, "before");
        }
    }
}
