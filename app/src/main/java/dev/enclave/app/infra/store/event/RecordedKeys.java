package dev.enclave.app.infra.store.event;

import dev.enclave.app.domain.event.Actor;
import dev.enclave.app.domain.event.EventRecorder;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.TableAttributes;
import dev.enclave.digest.Sha256;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The idempotency keys of an organisation's recorded app events, {@code SK = EVENTKEY#<SHA-256 of the caller and the
 * key>}, with a digest of the request: kept a day (TTL), the key itself never stored. A key is the caller's own (an API
 * key, or a member): two apps of one organisation that happen to send the same key each record their event.
 */
final class RecordedKeys {

    static final String PREFIX = "EVENTKEY#";
    static final Duration KEPT = Duration.ofHours(24);
    /** A digest of the request the key was sent with. */
    static final String REQUEST = "requestHash";

    private RecordedKeys() {
    }

    static Map<String, AttributeValue> item(TenantId tenant, Actor caller, EventRecorder.Once once, Instant now) {
        Map<String, AttributeValue> item = new HashMap<>(ItemKey.inTenant(tenant, PREFIX
                + Sha256.hex(caller.type() + "/" + caller.id() + "\n" + once.key())).asMap());
        item.put(REQUEST, AttributeValue.fromS(once.request()));
        item.put(TableAttributes.TTL, AttributeValue.fromN(Long.toString(now.plus(KEPT).getEpochSecond())));
        return Map.copyOf(item);
    }

    /**
     * The condition a key's item is written on: none is kept for the key, or the one kept has expired (DynamoDB
     * removes expired items days late) or is of an earlier life of the organisation.
     */
    static Expr unheld(Incarnation incarnation, Instant now) {
        return Expr.of("attribute_not_exists(#pk) OR #expiresAt < :now OR #incarnation <> :incarnation")
                .withPlaceholdersOf(Expr.absent()).name("#expiresAt", TableAttributes.TTL)
                .number(":now", now.getEpochSecond()).name("#incarnation", Incarnations.ATTRIBUTE)
                .value(":incarnation", incarnation.value());
    }

    /**
     * Whether the key's item, as a refused write found it, was kept for another request than {@code once}'s (one kept
     * before requests were recorded was for the same).
     */
    static boolean keptForAnother(Optional<Map<String, AttributeValue>> kept, EventRecorder.Once once) {
        return kept.flatMap(item -> ItemAttributes.optionalString(item, REQUEST))
                .filter(request -> !request.equals(once.request())).isPresent();
    }
}
