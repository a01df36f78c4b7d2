package dev.enclave.app.infra.store.apikey;

import dev.enclave.app.domain.apikey.ApiKey;
import dev.enclave.app.infra.store.StoredKind;

/** How the consistency checker and the lookup entries' backfill read the items the API keys' store keeps. */
public final class ApiKeyReads {

    /**
     * An API key in its organisation's partition. Its lookup entry, outside every partition, is the same item at
     * another key, and reads as it does.
     */
    public static final StoredKind<ApiKey> API_KEY = StoredKind.prefixed(ApiKeyKeys.SORT_KEY_PREFIX,
            ApiKeyItems.SCHEMA::fromItem, (tenant, key) -> ApiKeyItems.SCHEMA.toItem(key));

    private ApiKeyReads() {
    }
}
