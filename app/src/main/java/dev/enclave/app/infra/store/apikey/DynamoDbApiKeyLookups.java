package dev.enclave.app.infra.store.apikey;

import dev.enclave.app.domain.apikey.ApiKey;
import dev.enclave.app.domain.apikey.ApiKeyId;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.DueLeases;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Incarnations;
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
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The API keys' lookup entries ({@link ApiKeyKeys#lookup}): read on credentials that reach nothing but the lookup
 * entries, read only, so a presented key is checked before any tenant's credentials are vended for it; written and
 * removed on credentials confined to one tenant's entries. An entry is never decisive alone: a key works only while
 * its item in the organisation's partition is there too. An entry is written unconfirmed, and marked so again before
 * its key is revoked: on the owed-work index, so that whatever stops the work half-way, the background pass settles
 * it once due ({@link SettlingLookups}).
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
record DynamoDbApiKeyLookups(Store store, CheckedItems checked) implements OutsideEntries {

    /**
     * How long an entry stays unconfirmed before the background pass settles it: far longer than a key's
     * transaction takes (its turn, its conflicts and its calls' timeouts), so the pass finds the work finished or
     * abandoned, not under way.
     */
    static final Duration UNCONFIRMED_FOR = Duration.ofMinutes(1);

    private static final GuardScope LOOKUPS = GuardScope.of(Set.of(TableDesign.API_KEY_LOOKUPS), true);
    private static final String OWED = TableDesign.BY_OWED_WORK.partitionKey();
    private static final String MARK = TableDesign.BY_OWED_WORK.sortKey();

    /** An entry on the owed-work index: whose key, and the mark it was found with ({@code GSI3SK}). */
    record Unconfirmed(TenantId tenant, ApiKeyId id, String mark) {
    }

    /** The key as its lookup entry has it, if there is one (one strongly consistent read). */
    Optional<ApiKey> find(TenantId tenant, ApiKeyId id) {
        ItemKey key = ApiKeyKeys.lookup(tenant, id);
        return checked.one(ItemKind.API_KEY, ReadScope.at(key), store.forScope(LOOKUPS).get(key),
                ApiKeyItems.SCHEMA::fromItem).filter(found -> found.tenant().equals(tenant) && found.id().equals(id));
    }

    /** Writes the lookup entry of a new key, unconfirmed until {@code due}; empty when one is there already. */
    Optional<Unconfirmed> putUnconfirmed(ApiKey key, Incarnation incarnation, Instant due) {
        Write.Put entry = ApiKeyWrites.unconfirmedLookupEntry(key, incarnation, due);
        Unconfirmed written = new Unconfirmed(key.tenant(), key.id(),
                ApiKeyKeys.unconfirmedMark(key.tenant(), key.id(), due));
        return lookups(key.tenant()).put(entry.item(), entry.condition().orElseThrow())
                ? Optional.of(written) : Optional.empty();
    }

    /** Marks the existing entry of {@code tenant}'s key {@code id} unconfirmed until {@code due}; false if none. */
    boolean unconfirm(TenantId tenant, ApiKeyId id, Instant due) {
        String mark = ApiKeyKeys.unconfirmedMark(tenant, id, due);
        Expr owed = Expr.update().set("#owed = :owed, #mark = :mark").name("#owed", OWED).name("#mark", MARK)
                .value(":owed", AttributeValue.fromS(TableDesign.UNCONFIRMED_KEY_LOOKUPS))
                .value(":mark", AttributeValue.fromS(mark)).build();
        return lookups(tenant).update(ApiKeyKeys.lookup(tenant, id), owed, Expr.exists());
    }

    /** Confirms the entry, if it is still unconfirmed as {@code entry} found it; false when it was not. */
    boolean confirm(Unconfirmed entry) {
        Expr confirmed = Expr.update().remove("#owed", "#mark").name("#owed", OWED).name("#mark", MARK).build();
        return lookups(entry.tenant()).update(ApiKeyKeys.lookup(entry.tenant(), entry.id()), confirmed,
                stillAsFound(entry));
    }

    /** Removes the entry, if it is still unconfirmed as {@code entry} found it; false when it was not. */
    boolean forget(Unconfirmed entry) {
        return lookups(entry.tenant()).delete(ApiKeyKeys.lookup(entry.tenant(), entry.id()), stillAsFound(entry));
    }

    /** Removes the lookup entry of {@code tenant}'s key {@code id}, if any. */
    void forget(TenantId tenant, ApiKeyId id) {
        lookups(tenant).delete(ApiKeyKeys.lookup(tenant, id));
    }

    @Override
    public void forget(TenantId tenant, Incarnation incarnation, List<ItemKey> keys) {
        Expr ofThatLife = Expr.of("attribute_not_exists(#incarnation) OR #incarnation = :incarnation")
                .name("#incarnation", Incarnations.ATTRIBUTE).value(":incarnation", incarnation.value());
        keys.stream().map(ItemKey::sort).filter(ApiKeyReads.API_KEY::holds)
                .map(sort -> ApiKeyId.parse(sort.substring(ApiKeyKeys.SORT_KEY_PREFIX.length())))
                .flatMap(Optional::stream).forEach(id -> lookups(tenant).delete(ApiKeyKeys.lookup(tenant, id),
                        ofThatLife));
    }

    /** The unconfirmed entries due before {@code now}, oldest first, at most {@code limit}; the index may lag. */
    List<Unconfirmed> due(Instant now, int limit) {
        var found = DueLeases.due(store, TableDesign.UNCONFIRMED_KEY_LOOKUPS, now, limit);
        return checked.all(ItemKind.UNCONFIRMED_LOOKUP, ReadScope.unconfirmedLookups(), found.items(),
                DynamoDbApiKeyLookups::unconfirmed);
    }

    private static Unconfirmed unconfirmed(Map<String, AttributeValue> entry) {
        String mark = entry.get(MARK).s();
        String[] owner = mark.split("#", -1);
        TenantId tenant = TenantId.of(owner[1]);
        ApiKeyId id = ApiKeyKeys.lookupId(tenant, entry.get(TableDesign.ENCLAVE.partitionKey()).s())
                .filter(found -> owner.length == 3 && found.value().equals(owner[2]))
                .orElseThrow(() -> new IllegalArgumentException("an entry whose mark names another key"));
        return new Unconfirmed(tenant, id, mark);
    }

    private static Expr stillAsFound(Unconfirmed entry) {
        return Expr.of("#mark = :found").name("#mark", MARK).value(":found", AttributeValue.fromS(entry.mark()));
    }

    private ScopedTable lookups(TenantId tenant) {
        return store.forScope(GuardScope.of(Set.of(ApiKeyKeys.lookupPrefix(tenant)), false));
    }
}
