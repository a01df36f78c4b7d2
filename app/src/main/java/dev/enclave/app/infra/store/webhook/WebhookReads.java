package dev.enclave.app.infra.store.webhook;

import dev.enclave.app.domain.webhook.Delivery;
import dev.enclave.app.domain.webhook.WebhookEndpoint;
import dev.enclave.app.infra.store.StoredKind;

/** How webhooks' items are read from outside their store: by the consistency checker. */
public final class WebhookReads {

    /** An endpoint (its sealed secrets are not the checker's to read). */
    public static final StoredKind<WebhookEndpoint> ENDPOINT = StoredKind.prefixed(WebhookKeys.ENDPOINT_PREFIX,
            EndpointItems::fromItem, (tenant, endpoint) -> EndpointItems.toItem(endpoint));
    /** A delivery and its attempts. */
    public static final StoredKind<Delivery> DELIVERY = StoredKind.prefixed(WebhookKeys.DELIVERY_PREFIX,
            DeliveryItems::fromItem, (tenant, delivery) -> DeliveryItems.toItem(delivery));
    /** The hand-out cursor: the last place of the log handed to the endpoints. */
    public static final StoredKind<Long> CURSOR = StoredKind.at(WebhookKeys.CURSOR,
            item -> CursorItems.place(item).orElseThrow(), (tenant, place) -> WebhookKeys.cursor(tenant).asMap());

    private WebhookReads() {
    }
}
