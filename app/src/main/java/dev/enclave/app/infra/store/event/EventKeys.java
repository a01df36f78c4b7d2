package dev.enclave.app.infra.store.event;

import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.identity.TenantId;

/**
 * Where an organisation's log lives, in its control partition: its head {@code SK = EVENTS} (the last place taken)
 * and its events {@code SK = EVENT#<place, 19 digits>}, so key order is log order and one Query reads a page.
 */
final class EventKeys {

    static final String HEAD = "EVENTS";
    static final String PREFIX = "EVENT#";
    /** Sorts after every event's sort key. */
    static final String PAST_LAST = PREFIX + "~";

    private EventKeys() {
    }

    static ItemKey head(TenantId tenant) {
        return ItemKey.inTenant(tenant, HEAD);
    }

    static ItemKey event(TenantId tenant, long sequence) {
        return ItemKey.inTenant(tenant, sortKey(sequence));
    }

    static String sortKey(long sequence) {
        return PREFIX + String.format("%019d", sequence);
    }

    static long sequenceOf(String sortKey) {
        return Long.parseLong(sortKey.substring(PREFIX.length()));
    }
}
