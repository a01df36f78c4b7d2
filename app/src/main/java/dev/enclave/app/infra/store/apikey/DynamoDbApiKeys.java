package dev.enclave.app.infra.store.apikey;

import dev.enclave.app.domain.apikey.ApiKey;
import dev.enclave.app.domain.apikey.ApiKeyEvents;
import dev.enclave.app.domain.apikey.ApiKeyId;
import dev.enclave.app.domain.apikey.ApiKeys;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.ItemRead;
import dev.enclave.app.infra.store.Page;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.ScopedTable;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.TransactionOutcome;
import dev.enclave.app.infra.store.WriteRole;
import dev.enclave.app.infra.store.apikey.DynamoDbApiKeyLookups.Unconfirmed;
import dev.enclave.app.infra.store.member.MembershipReads;
import dev.enclave.app.infra.store.organisation.OrganisationConditions;
import dev.enclave.app.infra.store.organisation.OrganisationReads;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link ApiKeys} in the organisation's control partition, on its scoped client. Creating and revoking a key are
 * one transaction each with the organisation's key count, so the bound holds under concurrency. A key's lookup entry
 * ({@link DynamoDbApiKeyLookups}) is written before the key and removed after it, so a working key always has one;
 * it is written unconfirmed, and marked so again before a revocation, so that an entry whose work stopped half-way
 * (the server killed, a write failed) is settled by its key once due: no entry outlives a key that never came to be.
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
record DynamoDbApiKeys(Store store, CheckedItems checked, DynamoDbApiKeyLookups lookups, Clock clock)
        implements ApiKeys {

    private static final Logger LOG = LoggerFactory.getLogger(DynamoDbApiKeys.class);

    /** The writes of creating and revoking a key. */
    enum Role implements WriteRole {
        KEY,
        /** The organisation's key count: active, and (creating) below the maximum. */
        KEY_COUNT
    }

    @Override
    public CreateOutcome create(ApiKey key, Organisation organisation, int maximum) {
        Unconfirmed entry = lookups.putUnconfirmed(key, organisation.incarnation(), settledBy()).orElseThrow(() ->
                new IllegalStateException("a lookup entry for the new key " + key.id() + " exists already"));
        TransactionOutcome outcome = table(key.tenant()).transact(Transaction.builder()
                .writtenBy(organisation.incarnation())
                .create(Role.KEY, ApiKeyItems.SCHEMA.toItem(key))
                .add(Role.KEY_COUNT, OrganisationConditions.apiKeyAdded(organisation, maximum))
                .records(ApiKeyEvents.created(key))
                .build());
        if (outcome.committed()) {
            confirm(key, organisation.incarnation(), entry);
            return CreateOutcome.CREATED;
        }
        forgetQuietly(key.id(), () -> lookups.forget(entry));
        if (!outcome.refused(Role.KEY_COUNT)) {
            throw outcome.unexpected();
        }
        Optional<Organisation> found = OrganisationReads.item(key.tenant()).of(outcome.oldItem(Role.KEY_COUNT),
                ReadScope.tenant(key.tenant()), checked);
        boolean active = found.filter(held -> held.createdAt().equals(organisation.createdAt()))
                .filter(held -> held.status() == OrganisationStatus.ACTIVE).isPresent();
        return active ? CreateOutcome.LIMIT_REACHED : CreateOutcome.ORGANISATION_NOT_ACTIVE;
    }

    @Override
    public List<ApiKey> list(TenantId tenant, Incarnation in) {
        List<ApiKey> keys = new ArrayList<>();
        Optional<Map<String, AttributeValue>> start = Optional.empty();
        do {
            Optional<Map<String, AttributeValue>> from = start;
            Page page = table(tenant).query(ApiKeyKeys.all(tenant),
                    q -> q.consistentRead(true).exclusiveStartKey(from.orElse(null)));
            keys.addAll(checked.all(ItemKind.API_KEY, ReadScope.organisation(tenant, in), page.items(),
                    ApiKeyItems.SCHEMA::fromItem));
            start = page.next();
        } while (start.isPresent());
        keys.sort(Comparator.comparing(ApiKey::createdAt));
        return keys;
    }

    @Override
    public Lookup find(TenantId tenant, ApiKeyId id, Optional<UserKey> creator) {
        ItemRead<ApiKey> keyRead = new ItemRead<>(ItemKind.API_KEY, ApiKeyKeys.key(tenant, id),
                ApiKeyItems.SCHEMA::fromItem);
        ItemRead<Organisation> organisationRead = OrganisationReads.item(tenant);
        Optional<ItemRead<Membership>> memberRead = creator.map(user -> MembershipReads.item(tenant, user));
        List<ItemKey> keys = new ArrayList<>(List.of(keyRead.key(), organisationRead.key()));
        ItemRead<GroupDefinitions> definitionsRead = MembershipReads.definitions(tenant);
        memberRead.ifPresent(read -> {
            keys.add(read.key());
            keys.add(definitionsRead.key());
        });
        List<Map<String, AttributeValue>> items = table(tenant).getAll(keys);
        Optional<Organisation> organisation = organisationRead.in(items, ReadScope.tenant(tenant), checked);
        ReadScope scope = organisation.map(found -> ReadScope.organisation(tenant, found.incarnation()))
                .orElseGet(() -> ReadScope.tenant(tenant));
        Optional<ApiKey> key = keyRead.in(items, scope, checked).filter(k -> k.id().equals(id));
        Optional<Membership> member = memberRead.flatMap(read -> read.in(items, scope, checked));
        GroupDefinitions definitions = memberRead.flatMap(read -> definitionsRead.in(items, scope, checked))
                .orElse(GroupDefinitions.NONE);
        return new Lookup(key, organisation, member, definitions);
    }

    @Override
    public boolean revoke(TenantId tenant, Incarnation in, ApiKeyId id) {
        lookups.unconfirm(tenant, id, settledBy());
        TransactionOutcome outcome = table(tenant).transact(Transaction.builder()
                .delete(Role.KEY, ApiKeyKeys.key(tenant, id), Expr.exists().and(Incarnations.writtenBy(in)))
                .add(Role.KEY_COUNT, OrganisationConditions.apiKeyRemoved(tenant))
                .records(ApiKeyEvents.revoked(id))
                .build());
        if (outcome.refused(Role.KEY)) {
            return false;
        }
        if (!outcome.committed()) {
            throw outcome.unexpected();
        }
        forgetQuietly(id, () -> lookups.forget(tenant, id));
        return true;
    }

    @Override
    public Optional<ApiKey> lookUp(TenantId tenant, ApiKeyId id) {
        return lookups.find(tenant, id);
    }

    /** When an entry written or marked unconfirmed now is settled by the background pass, if not by its writer. */
    private Instant settledBy() {
        return clock.instant().plus(DynamoDbApiKeyLookups.UNCONFIRMED_FOR);
    }

    /**
     * Confirms the new key's entry. One taken away meanwhile (the key's transaction outlived the entry's wait, or the
     * organisation's deletion walked the key) is written again, unconfirmed, so the pass settles it by the key; a
     * fault leaves it unconfirmed for the pass too.
     */
    private void confirm(ApiKey key, Incarnation incarnation, Unconfirmed entry) {
        try {
            if (!lookups.confirm(entry)) {
                lookups.putUnconfirmed(key, incarnation, settledBy());
            }
        } catch (RuntimeException fault) {
            LOG.warn("lookup entry of API key {} left unconfirmed, for the background pass: {}", key.id(),
                    fault.toString());
        }
    }

    /** Removes a lookup entry whose key is not (or no longer) there; one a fault leaves, the background pass does. */
    private static void forgetQuietly(ApiKeyId id, Runnable removal) {
        try {
            removal.run();
        } catch (RuntimeException fault) {
            LOG.warn("lookup entry of API key {} left for the background pass: {}", id, fault.toString());
        }
    }

    @Override
    public void markUsed(TenantId tenant, ApiKeyId id, Instant now, Instant notSince) {
        Expr used = Expr.update().set("#used = :now").name("#used", ApiKeyItems.LAST_USED_AT)
                .value(":now", now.toString()).build();
        Expr neverUsed = Expr.exists().and(Expr.of("attribute_not_exists(#used)")
                .name("#used", ApiKeyItems.LAST_USED_AT));
        if (table(tenant).transact(Transaction.builder().update(Role.KEY, ApiKeyKeys.key(tenant, id), used, neverUsed)
                .records(ApiKeyEvents.usedFirst(id)).build()).committed()) {
            return;
        }
        Expr notRecordedSince = Expr.exists().and(Expr.of("#used < :since")
                .name("#used", ApiKeyItems.LAST_USED_AT).value(":since", notSince.toString()));
        if (!table(tenant).update(ApiKeyKeys.key(tenant, id), used, notRecordedSince)) {
            LOG.debug("API key {} use already recorded since {}", id, notSince);
        }
    }

    private ScopedTable table(TenantId tenant) {
        return store.forTenant(tenant);
    }
}
