package dev.enclave.app.infra.store.webhook;

import dev.enclave.app.domain.webhook.Delivery;
import dev.enclave.app.domain.webhook.DeliveryId;
import dev.enclave.app.domain.webhook.WebhookEndpointId;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.SortableTime;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How a delivery maps to its item. While pending it is on the due-deliveries index by when its next attempt is due
 * (or, while an attempt holds it, by when that attempt's lease ends), so a worker finds it without a Scan and never
 * before it is due. It expires {@link #KEPT} after it was made.
 */
final class DeliveryItems {

    /** How long a delivery and its attempts are kept. */
    static final Duration KEPT = Duration.ofDays(30);
    /** The most attempts a delivery's item keeps (the newest). */
    static final int ATTEMPTS_KEPT = 20;
    static final String STATUS = "status";
    static final String ATTEMPTS = "attempts";
    static final String NEXT_ATTEMPT_AT = "nextAttemptAt";
    static final String HOLDER = "holder";
    static final String LEASE_UNTIL = "leaseUntil";
    private static final String ENDPOINT = "endpoint";
    private static final String EVENT_ID = "eventId";
    private static final String EVENT_TYPE = "eventType";
    static final String BODY = "body";
    static final String BODY_SEALED = "bodySealed";
    private static final String CREATED_AT = "createdAt";

    private DeliveryItems() {
    }

    static Map<String, AttributeValue> toItem(Delivery delivery) {
        Map<String, AttributeValue> item = new HashMap<>(WebhookKeys.delivery(delivery.tenant(), delivery.endpoint(),
                delivery.id()).asMap());
        item.put("type", AttributeValue.fromS("webhook_delivery"));
        item.put("tenant", AttributeValue.fromS(delivery.tenant().value()));
        item.put(ENDPOINT, AttributeValue.fromS(delivery.endpoint().value()));
        item.put(EVENT_ID, AttributeValue.fromS(delivery.eventId()));
        item.put(EVENT_TYPE, AttributeValue.fromS(delivery.eventType()));
        item.put(BODY, AttributeValue.fromS(delivery.body()));
        if (delivery.secret()) {
            item.put(BODY_SEALED, AttributeValue.fromBool(true));
        }
        item.put(STATUS, AttributeValue.fromS(delivery.status().name()));
        item.put(ATTEMPTS, attempts(delivery.attempts()));
        item.put(CREATED_AT, AttributeValue.fromS(delivery.createdAt().toString()));
        item.put(TableDesign.ENCLAVE.ttlAttribute(), AttributeValue.fromN(Long.toString(delivery.createdAt()
                .plus(KEPT).getEpochSecond())));
        delivery.nextAttemptAt().ifPresent(at -> {
            item.put(NEXT_ATTEMPT_AT, AttributeValue.fromS(at.toString()));
            item.putAll(dueEntry(at));
        });
        return item;
    }

    static Delivery fromItem(Map<String, AttributeValue> item) {
        String sortKey = ItemAttributes.sortKey(item);
        return new Delivery(TenantId.of(ItemAttributes.string(item, "tenant")),
                new WebhookEndpointId(ItemAttributes.string(item, ENDPOINT)), WebhookKeys.deliveryIdOf(sortKey),
                ItemAttributes.string(item, EVENT_ID), ItemAttributes.string(item, EVENT_TYPE),
                ItemAttributes.string(item, BODY), Optional.ofNullable(item.get(BODY_SEALED))
                .map(AttributeValue::bool).orElse(false), Delivery.Status.valueOf(ItemAttributes.string(item, STATUS)),
                attempts(item), EndpointItems.instant(item, NEXT_ATTEMPT_AT),
                Instant.parse(ItemAttributes.string(item, CREATED_AT)));
    }

    /** The item's entry on the due-deliveries index, due at {@code at}. */
    static Map<String, AttributeValue> dueEntry(Instant at) {
        return Map.of(TableDesign.BY_OWED_WORK.partitionKey(), AttributeValue.fromS(TableDesign.DUE_DELIVERIES),
                TableDesign.BY_OWED_WORK.sortKey(), AttributeValue.fromS(SortableTime.format(at)));
    }

    /** The update that makes a delivery pending and due at {@code at}. */
    static Expr.UpdateBuilder dueAt(Instant at) {
        return Expr.update().set("#status = :pending, #next = :next, #duePk = :due, #dueSk = :dueSk")
                .name("#status", STATUS).value(":pending", Delivery.Status.PENDING.name())
                .name("#next", NEXT_ATTEMPT_AT).value(":next", at.toString())
                .name("#duePk", TableDesign.BY_OWED_WORK.partitionKey()).value(":due", TableDesign.DUE_DELIVERIES)
                .name("#dueSk", TableDesign.BY_OWED_WORK.sortKey()).value(":dueSk", SortableTime.format(at));
    }

    static AttributeValue attempts(List<Delivery.Attempt> attempts) {
        List<Delivery.Attempt> kept = attempts.subList(Math.max(0, attempts.size() - ATTEMPTS_KEPT),
                attempts.size());
        return AttributeValue.fromL(kept.stream().map(DeliveryItems::attempt).toList());
    }

    private static AttributeValue attempt(Delivery.Attempt attempt) {
        Map<String, AttributeValue> map = new HashMap<>();
        map.put("at", AttributeValue.fromS(attempt.at().toString()));
        attempt.status().ifPresent(status -> map.put("status", AttributeValue.fromN(Integer.toString(status))));
        map.put("latencyMillis", AttributeValue.fromN(Long.toString(attempt.latencyMillis())));
        map.put("excerpt", AttributeValue.fromS(attempt.excerpt()));
        attempt.fault().ifPresent(fault -> map.put("fault", AttributeValue.fromS(fault)));
        return AttributeValue.fromM(map);
    }

    private static List<Delivery.Attempt> attempts(Map<String, AttributeValue> item) {
        AttributeValue listed = item.get(ATTEMPTS);
        List<Delivery.Attempt> attempts = new ArrayList<>();
        if (listed != null && listed.hasL()) {
            for (AttributeValue value : listed.l()) {
                Map<String, AttributeValue> map = value.m();
                attempts.add(new Delivery.Attempt(Instant.parse(map.get("at").s()),
                        Optional.ofNullable(map.get("status")).map(status -> Integer.parseInt(status.n())),
                        Long.parseLong(map.get("latencyMillis").n()), map.get("excerpt").s(),
                        Optional.ofNullable(map.get("fault")).map(AttributeValue::s)));
            }
        }
        return attempts;
    }

    /** The delivery's id from its item. */
    static DeliveryId idOf(Map<String, AttributeValue> item) {
        return WebhookKeys.deliveryIdOf(ItemAttributes.sortKey(item));
    }
}
