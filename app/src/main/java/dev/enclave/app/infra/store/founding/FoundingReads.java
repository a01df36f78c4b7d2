package dev.enclave.app.infra.store.founding;

import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.StoredKind;

/** The items founding an organisation leaves besides its organisation and first owner, as stored. */
public final class FoundingReads {

    /** The request an organisation was founded by (kept a day, then TTL): a digest alone. */
    public static final StoredKind<ItemKey> FOUNDING_KEY = StoredKind.prefixed(FoundingKeys.PREFIX, ItemKey::of,
            (tenant, key) -> ItemKey.inTenant(tenant, key.sort()).asMap());

    private FoundingReads() {
    }
}
