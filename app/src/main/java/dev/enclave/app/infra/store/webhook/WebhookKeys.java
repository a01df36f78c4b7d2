package dev.enclave.app.infra.store.webhook;

import dev.enclave.app.domain.webhook.DeliveryId;
import dev.enclave.app.domain.webhook.WebhookEndpointId;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.KeyConditions;
import dev.enclave.app.infra.store.TableAttributes;
import dev.enclave.identity.TenantId;
import java.time.Instant;

/**
 * Where webhooks live, in the organisation's control partition: endpoints {@code SK = WEBHOOK#<endpoint>},
 * deliveries {@code SK = DELIVERY#<endpoint>#<delivery>} (newest last in key order, so a page of an endpoint's
 * deliveries is one Query backward), and the hand-out cursor {@code SK = WEBHOOKS#CURSOR} (the last place of the
 * log handed to the endpoints). Pending deliveries and a log with places not yet handed out are on the
 * due-deliveries index.
 */
final class WebhookKeys {

    static final String ENDPOINT_PREFIX = "WEBHOOK#";
    static final String DELIVERY_PREFIX = "DELIVERY#";
    static final String CURSOR = "WEBHOOKS#CURSOR";
    /** The last instant a delivery id's thirteen digits of milliseconds can name (in the year 2286). */
    private static final long LAST_MILLIS = 9_999_999_999_999L;

    private WebhookKeys() {
    }

    static ItemKey endpoint(TenantId tenant, WebhookEndpointId id) {
        return ItemKey.inTenant(tenant, ENDPOINT_PREFIX + id.value());
    }

    static ItemKey delivery(TenantId tenant, WebhookEndpointId endpoint, DeliveryId id) {
        return ItemKey.inTenant(tenant, deliveries(endpoint) + id.value());
    }

    static ItemKey cursor(TenantId tenant) {
        return ItemKey.inTenant(tenant, CURSOR);
    }

    static Expr allEndpoints(TenantId tenant) {
        return KeyConditions.partition(ItemKey.tenantPartition(tenant), ENDPOINT_PREFIX);
    }

    static Expr allDeliveries(TenantId tenant, WebhookEndpointId endpoint) {
        return KeyConditions.partition(ItemKey.tenantPartition(tenant), deliveries(endpoint));
    }

    /** The endpoint's deliveries made at or after {@code since}. */
    static Expr deliveriesSince(TenantId tenant, WebhookEndpointId endpoint, Instant since) {
        return Expr.of("#pk = :pk AND #sk BETWEEN :from AND :to").name("#pk", TableAttributes.PARTITION_KEY)
                .value(":pk", ItemKey.tenantPartition(tenant)).name("#sk", TableAttributes.SORT_KEY)
                .value(":from", deliveries(endpoint) + String.format("%013d", Math.min(LAST_MILLIS,
                        Math.max(0, since.toEpochMilli()))))
                .value(":to", deliveries(endpoint) + "~");
    }

    /** The delivery id a delivery's sort key names. */
    static DeliveryId deliveryIdOf(String sortKey) {
        return new DeliveryId(sortKey.substring(sortKey.lastIndexOf('#') + 1));
    }

    private static String deliveries(WebhookEndpointId endpoint) {
        return DELIVERY_PREFIX + endpoint.value() + "#";
    }
}
