package dev.enclave.app.infra.store.apikey;

import dev.enclave.app.domain.apikey.ApiKeyId;

import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.KeyConditions;
import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;

/**
 * Where API keys live: in the organisation's control partition, {@code PK = TENANT#<org>#, SK = APIKEY#<key id>};
 * no index. The organisation item counts them. Each has a lookup entry outside every tenant's
 * partition, {@code PK = APIKEY#lookup#TENANT#<org>#<key id>, SK = KEY}, read with credentials of its own before any
 * tenant's.
 */
final class ApiKeyKeys {

    static final String SORT_KEY_PREFIX = "APIKEY#";

    /** The lookup entry's sort key. */
    static final String LOOKUP_SORT_KEY = "KEY";

    private ApiKeyKeys() {
    }

    /** Where the lookup entry of {@code tenant}'s key {@code id} lives. */
    static ItemKey lookup(TenantId tenant, ApiKeyId id) {
        return new ItemKey(lookupPrefix(tenant) + id.value(), LOOKUP_SORT_KEY);
    }

    /** The leading-key prefix of every lookup entry of {@code tenant}'s keys. */
    static String lookupPrefix(TenantId tenant) {
        return TableDesign.API_KEY_LOOKUPS + LeadingKeyPrefix.tenant(tenant).value();
    }

    static ItemKey key(TenantId tenant, ApiKeyId id) {
        return ItemKey.inTenant(tenant, SORT_KEY_PREFIX + id.value());
    }

    /** Every API key of the organisation. */
    static Expr all(TenantId tenant) {
        return KeyConditions.partition(ItemKey.tenantPartition(tenant), SORT_KEY_PREFIX);
    }
}
