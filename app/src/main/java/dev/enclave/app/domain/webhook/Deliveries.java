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

    /**
     * Makes a delivery due again at {@code now}, one waiting for its next attempt too; false when there is none, or
     * an attempt of it is being made (under its lease).
     */
    boolean retry(TenantId tenant, WebhookEndpointId endpoint, DeliveryId id, Instant now);

    /**
     * Makes the failed deliveries made at or after {@code since} (and after {@code after}, when given) due again at
     * {@code now}, reading at most {@link #RECOVERED_PER_CALL} of the endpoint's deliveries: how many, and the
     * delivery to go on after when there may be more.
     */
    Recovery recover(TenantId tenant, WebhookEndpointId endpoint, Instant since, Optional<DeliveryId> after,
                     Instant now);

    /**
     * Deliveries read (and at most written) by one {@link #recover}, so a request that recovers an outage of weeks
     * stays a second or two.
     */
    int RECOVERED_PER_CALL = 200;

    /** What one {@link #recover} did: how many are due again, and where to go on from, while there may be more. */
    record Recovery(int recovered, Optional<DeliveryId> next) {
        public Recovery {
            Objects.requireNonNull(next, "next");
        }
    }

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
