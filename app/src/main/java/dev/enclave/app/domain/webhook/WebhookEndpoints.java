package dev.enclave.app.domain.webhook;

import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** An organisation's webhook endpoints, counted on the organisation so their number stays bounded. */
public interface WebhookEndpoints {

    /**
     * Stores {@code endpoint} with its secret sealed, if the organisation is still {@code organisation}'s
     * incarnation, active, and holds fewer than {@code maximum} endpoints. The endpoint is sent the events recorded
     * from its creation on, whatever {@code fromPlace} it names.
     */
    CreateOutcome create(WebhookEndpoint endpoint, WebhookSecret secret, Organisation organisation, int maximum);

    /** The organisation's endpoints in its life {@code in}, oldest first. */
    List<WebhookEndpoint> list(TenantId tenant, Incarnation in);

    /** The endpoint, read strongly consistently. */
    Optional<WebhookEndpoint> find(TenantId tenant, WebhookEndpointId id);

    /** Writes {@code after} (with its event) if the endpoint is still at {@code before}'s version. */
    boolean change(WebhookEndpoint before, WebhookEndpoint after);

    /** Deletes the endpoint; false when there was none. Its deliveries stay listed until they expire. */
    boolean delete(TenantId tenant, WebhookEndpointId id);

    /**
     * Makes {@code next} the endpoint's secret, keeping the current one signing too until {@code previousUntil},
     * and {@code by} its keeper, if the endpoint is still at {@code endpoint}'s version.
     */
    boolean rotate(WebhookEndpoint endpoint, WebhookSecret next, Instant previousUntil, WebhookEndpoint.Keeper by);

    /**
     * The endpoint and the secrets that sign a request to it at {@code now} (the current one first), in one strongly
     * consistent read: what an attempt needs.
     */
    Optional<ToSend> toSend(TenantId tenant, WebhookEndpointId id, Instant now);

    /**
     * Records what an attempt at {@code now} did to the endpoint (a run of failures began or ended; Enclave disabled
     * it, with its event), if it is still at {@code endpoint}'s version; false when it was not.
     */
    boolean settle(WebhookEndpoint endpoint, DeliveryVerdict.EndpointChange change, Instant now);

    /**
     * Disables the endpoint, with its event, because its keeper no longer keeps it
     * ({@link WebhookEndpoint#KEEPER_LEFT}), if it is still enabled at {@code endpoint}'s version.
     */
    boolean lapsed(WebhookEndpoint endpoint);

    /**
     * An endpoint as an attempt reads it: with its signing secrets (none when no sealing key opens them), and whether
     * its keeper still keeps it ({@link WebhookEndpoint.Keeper#stillKeeps}; an endpoint with no keeper on record is
     * kept).
     */
    record ToSend(WebhookEndpoint endpoint, List<WebhookSecret> secrets, boolean kept) {
        public ToSend {
            java.util.Objects.requireNonNull(endpoint, "endpoint");
            secrets = List.copyOf(secrets);
        }
    }

    /** What {@link #create} did. */
    enum CreateOutcome {
        CREATED, LIMIT_REACHED, ORGANISATION_NOT_ACTIVE,
        /** Not created: the webhooks' hand-out cursor moved on between its read and the write, at every attempt. */
        CURSOR_KEPT_MOVING
    }
}
