package dev.enclave.app.infra.store.event;

import dev.enclave.app.domain.event.RecordedEvent;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.StoredKind;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** How the log's items are read from outside its store: by the consistency checker. */
public final class EventReads {

    /** An event, with when it expires. */
    public static final StoredKind<StoredEvent> EVENT = StoredKind.prefixed(EventKeys.PREFIX,
            item -> new StoredEvent(EventItems.fromItem(item), EventItems.expiresAt(item)),
            (tenant, stored) -> EventItems.toItem(stored.event(), stored.expiresAt().orElseThrow()));
    /** The log's head: the last place taken. */
    public static final StoredKind<Long> HEAD = StoredKind.at(EventKeys.HEAD, EventReads::lastPlace,
            (tenant, last) -> EventKeys.head(tenant).asMap());
    /** An app event's idempotency key (kept a day, then TTL): a digest alone. */
    public static final StoredKind<ItemKey> RECORDED_KEY = StoredKind.prefixed(RecordedKeys.PREFIX, ItemKey::of,
            (tenant, key) -> ItemKey.inTenant(tenant, key.sort()).asMap());

    private EventReads() {
    }

    /** An event as stored. */
    public record StoredEvent(RecordedEvent event, Optional<Instant> expiresAt) {
        public StoredEvent {
            Objects.requireNonNull(event, "event");
            Objects.requireNonNull(expiresAt, "expiresAt");
        }
    }

    private static long lastPlace(Map<String, AttributeValue> item) {
        long last = ItemAttributes.number(item, EventHead.LAST);
        if (last < 1) {
            throw new IllegalArgumentException("a log's head names a place taken");
        }
        return last;
    }
}
