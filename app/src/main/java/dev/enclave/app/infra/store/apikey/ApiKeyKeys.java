package dev.enclave.app.infra.store.apikey;

import dev.enclave.app.domain.apikey.ApiKeyId;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.KeyConditions;
import dev.enclave.app.infra.store.SortableTime;
import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import java.time.Instant;
import java.util.Optional;

/**
 * Where API keys live: in the organisation's control partition, {@code PK = TENANT#<org>#, SK = APIKEY#<key id>};
 * no index. The organisation item counts them. Each has a lookup entry outside every tenant's
 * partition, {@code PK = APIKEY#lookup#TENANT#<org>#<key id>, SK = KEY}, read with credentials of its own before any
 * tenant's. While an entry is unconfirmed it is on the owed-work index,
 * {@code GSI3PK = WORK#owed#apikeys#, GSI3SK = <due>#<org>#<key id>}.
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

    /** The key id of the lookup entry at {@code partition}, a lookup of {@code tenant}'s. */
    static Optional<ApiKeyId> lookupId(TenantId tenant, String partition) {
        String prefix = lookupPrefix(tenant);
        return partition.startsWith(prefix) ? ApiKeyId.parse(partition.substring(prefix.length())) : Optional.empty();
    }

    /** The owed-work index's sort key of {@code tenant}'s unconfirmed entry {@code id}, due at {@code due}. */
    static String unconfirmedMark(TenantId tenant, ApiKeyId id, Instant due) {
        return SortableTime.format(due) + "#" + tenant.value() + "#" + id.value();
    }

    /** When the unconfirmed entry of {@code mark} is due. */
    static Instant dueOf(String mark) {
        return Instant.parse(mark.substring(0, mark.indexOf('#')));
    }

    static ItemKey key(TenantId tenant, ApiKeyId id) {
        return ItemKey.inTenant(tenant, SORT_KEY_PREFIX + id.value());
    }

    /** Every API key of the organisation. */
    static Expr all(TenantId tenant) {
        return KeyConditions.partition(ItemKey.tenantPartition(tenant), SORT_KEY_PREFIX);
    }
}
