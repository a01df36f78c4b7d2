package dev.enclave.app.infra.store.apikey;

import dev.enclave.app.domain.apikey.ApiKey;
import dev.enclave.app.domain.apikey.ApiKeyId;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.ScopedTable;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.Write;
import dev.enclave.app.infra.store.jobs.OutsideEntries;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.guard.GuardScope;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The API keys' lookup entries ({@link ApiKeyKeys#lookup}): read on credentials that reach nothing but the lookup
 * entries, read only, so a presented key is checked before any tenant's credentials are vended for it; written and
 * removed on credentials confined to one tenant's entries. An entry is never decisive alone: a key works only while
 * its item in the organisation's partition is there too.
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
record DynamoDbApiKeyLookups(Store store, CheckedItems checked) implements OutsideEntries {

    private static final GuardScope LOOKUPS = GuardScope.of(Set.of(TableDesign.API_KEY_LOOKUPS), true);

    /** The key as its lookup entry has it, if there is one (one strongly consistent read). */
    Optional<ApiKey> find(TenantId tenant, ApiKeyId id) {
        ItemKey key = ApiKeyKeys.lookup(tenant, id);
        return checked.one(ItemKind.API_KEY, ReadScope.at(key), store.forScope(LOOKUPS).get(key),
                ApiKeyItems.SCHEMA::fromItem).filter(found -> found.tenant().equals(tenant) && found.id().equals(id));
    }

    /** Writes the lookup entry of a new key; false when one is there already. */
    boolean put(ApiKey key, Incarnation incarnation) {
        Write.Put entry = ApiKeyWrites.lookupEntry(key, incarnation);
        return lookups(key.tenant()).put(entry.item(), entry.condition().orElseThrow());
    }

    /** Removes the lookup entry of {@code tenant}'s key {@code id}, if any. */
    void forget(TenantId tenant, ApiKeyId id) {
        lookups(tenant).delete(ApiKeyKeys.lookup(tenant, id));
    }

    @Override
    public void forget(TenantId tenant, List<ItemKey> keys) {
        keys.stream().map(ItemKey::sort).filter(ApiKeyReads.API_KEY::holds)
                .map(sort -> ApiKeyId.parse(sort.substring(ApiKeyKeys.SORT_KEY_PREFIX.length())))
                .flatMap(Optional::stream).forEach(id -> forget(tenant, id));
    }

    private ScopedTable lookups(TenantId tenant) {
        return store.forScope(GuardScope.of(Set.of(ApiKeyKeys.lookupPrefix(tenant)), false));
    }
}
