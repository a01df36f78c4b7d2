package dev.enclave.app.apikey;

import dev.enclave.app.store.Expr;
import dev.enclave.app.store.ItemKey;
import dev.enclave.app.store.KeyConditions;
import dev.enclave.app.store.TenantPartition;
import dev.enclave.identity.TenantId;

/**
 * Where API keys live: in the organisation's control partition, {@code PK = TENANT#<org>#, SK = APIKEY#<key id>};
 * no index. The organisation item counts them ({@value #COUNT}).
 */
public final class ApiKeyKeys {

    public static final String SORT_KEY_PREFIX = "APIKEY#";
    /** The organisation item's count of its API keys. */
    public static final String COUNT = "apiKeys";

    private ApiKeyKeys() {
    }

    static ItemKey key(TenantId tenant, ApiKeyId id) {
        return TenantPartition.of(tenant).key(SORT_KEY_PREFIX + id.value());
    }

    /** Every API key of the organisation. */
    static Expr all(TenantId tenant) {
        return KeyConditions.partition(TenantPartition.of(tenant).value(), SORT_KEY_PREFIX);
    }
}
