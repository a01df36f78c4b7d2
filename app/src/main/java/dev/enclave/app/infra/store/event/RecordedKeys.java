package dev.enclave.app.infra.store.event;

import dev.enclave.app.domain.event.Actor;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.TableAttributes;
import dev.enclave.digest.Sha256;
import dev.enclave.identity.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The idempotency keys of an organisation's recorded app events, {@code SK = EVENTKEY#<SHA-256 of the caller and the
 * key>}: kept a day (TTL), the key itself never stored. A key is the caller's own (an API key, or a member): two
 * apps of one organisation that happen to send the same key each record their event.
 */
final class RecordedKeys {

    static final String PREFIX = "EVENTKEY#";
    static final Duration KEPT = Duration.ofHours(24);

    private RecordedKeys() {
    }

    static Map<String, AttributeValue> item(TenantId tenant, Actor caller, String idempotencyKey, Instant now) {
        Map<String, AttributeValue> item = new HashMap<>(ItemKey.inTenant(tenant, PREFIX
                + Sha256.hex(caller.type() + "/" + caller.id() + "\n" + idempotencyKey)).asMap());
        item.put(TableAttributes.TTL, AttributeValue.fromN(Long.toString(now.plus(KEPT).getEpochSecond())));
        return Map.copyOf(item);
    }
}
