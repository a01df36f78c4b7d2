package dev.enclave.app.infra.store.webhook;

import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.domain.webhook.Delivery;
import dev.enclave.app.domain.webhook.DeliveryId;
import dev.enclave.app.domain.webhook.DeliveryVerdict;
import dev.enclave.app.domain.webhook.WebhookEndpointId;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.identity.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The deliveries' worker's side of the store: what is due (found on the due-deliveries index, never a Scan),
 * handing a log's new events out to its endpoints, and taking and settling one delivery's attempt under a lease.
 */
public interface DeliveryQueue {

    /**
     * What is due at {@code now}, oldest first, at most {@code limit}: logs with events to hand out, deliveries
     * whose attempt is due, and invitations whose email is. The index may lag; taking decides on the table.
     */
    List<Due> due(Instant now, int limit);

    /**
     * Hands every event of {@code tenant}'s log not yet handed out to the endpoints that want it, as deliveries due
     * at {@code now}, and takes the log off the index once all are; the deliveries made here, to try at once. Two
     * workers at once make each delivery once: the cursor moves in the transaction that makes them.
     */
    List<Delivery> handOut(TenantId tenant, Instant now);

    /** Takes a due delivery for {@code holder} until {@code now + lease}, if it is due and nobody holds it. */
    Optional<Delivery> take(TenantId tenant, WebhookEndpointId endpoint, DeliveryId id, String holder, Instant now,
                            Duration lease);

    /** Records {@code attempt} and its verdict on a delivery {@code holder} holds; false when it holds it no more. */
    boolean settle(Delivery delivery, String holder, Delivery.Attempt attempt, DeliveryVerdict verdict);

    /**
     * Moves the index entry of {@code entry}'s item on to {@code until}, if it is still due where it was found: for
     * what this instance cannot act on, so it does not stand first in every poll (the pollers read oldest first).
     */
    void setAside(Placed entry, Instant until);

    /** Something due. */
    sealed interface Due permits HandOut, Attempt, Mail, Unusable {
        TenantId tenant();
    }

    /** Where an entry stands on the index: its item's key and when it is due. */
    record Placed(TenantId tenant, ItemKey item, String dueAt) {
        public Placed {
            Objects.requireNonNull(tenant, "tenant");
            Objects.requireNonNull(item, "item");
            Objects.requireNonNull(dueAt, "dueAt");
        }
    }

    /**
     * An entry of a kind this version does not know or cannot read (written by a later version, say): set aside
     * rather than dropped.
     */
    record Unusable(TenantId tenant, Placed entry) implements Due {
    }

    /** A log with events to hand out. */
    record HandOut(TenantId tenant) implements Due {
    }

    /** An invitation whose email is due. */
    record Mail(TenantId tenant, InvitationId invitation, Placed entry) implements Due {
    }

    /** A delivery whose attempt is due. */
    record Attempt(TenantId tenant, WebhookEndpointId endpoint, DeliveryId id) implements Due {
    }
}
