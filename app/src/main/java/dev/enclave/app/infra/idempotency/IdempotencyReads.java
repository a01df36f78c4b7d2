package dev.enclave.app.infra.idempotency;

import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.StoredKind;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** How the consistency checker reads the idempotency records. */
public final class IdempotencyReads {

    /**
     * An idempotency record (kept 24 hours, then TTL). Its key holds digests alone, so it says no more than where
     * it is, and that it maps as a record does.
     */
    public static final StoredKind<ItemKey> RECORD = StoredKind.prefixed(IdempotencyItems.SORT_KEY_PREFIX,
            IdempotencyReads::wellFormed, (tenant, key) -> ItemKey.inTenant(tenant, key.sort()).asMap());

    private IdempotencyReads() {
    }

    private static ItemKey wellFormed(Map<String, AttributeValue> item) {
        IdempotencyItems.requireWellFormed(item);
        return ItemKey.of(item);
    }
}
