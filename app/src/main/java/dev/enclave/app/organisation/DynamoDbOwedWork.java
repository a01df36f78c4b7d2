package dev.enclave.app.organisation;

import dev.enclave.app.store.CheckedItems;
import dev.enclave.app.store.ItemKind;
import dev.enclave.app.store.ReadScope;
import dev.enclave.app.platform.SortableTime;
import dev.enclave.app.store.ItemAttributes;
import dev.enclave.app.store.KeyConditions;
import dev.enclave.app.store.Store;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.guard.GuardScope;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link OwedWork} on the owed-work index, read with a scope of its own ({@code WORK#owed#}, read only), and on
 * each organisation item with that organisation's scoped client.
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
final class DynamoDbOwedWork implements OwedWork {

    private static final GuardScope OWED_WORK = GuardScope.of(Set.of(TableDesign.OWED_WORK), true);

    private final Store store;
    private final CheckedItems checked;

    DynamoDbOwedWork(Store store, CheckedItems checked) {
        this.store = store;
        this.checked = checked;
    }

    @Override
    public List<TenantId> owing(Instant before, int limit) {
        var index = TableDesign.BY_OWED_WORK;
        var found = store.forScope(OWED_WORK).query(
                KeyConditions.indexBelow(index, TableDesign.OWED_WORK, SortableTime.format(before)),
                q -> q.indexName(index.indexName()).limit(limit));
        return checked.all(ItemKind.OWED_WORK, ReadScope.owedWork(), found.items(), DynamoDbOwedWork::owingTenant);
    }

    @Override
    public Optional<Debt> debtOf(TenantId id) {
        return checked.one(ItemKind.ORGANISATION, ReadScope.tenant(id),
                store.forTenant(id).get(OrganisationKeys.key(id)), OwedWorkItems::debt).flatMap(Function.identity());
    }

    @Override
    public boolean settle(TenantId id, Debt debt) {
        return store.forTenant(id).update(OrganisationKeys.key(id), OwedWorkItems.clear(),
                OwedWorkItems.stillOwed(debt));
    }

    /** The organisation an entry names; only organisation items owe work. */
    private static TenantId owingTenant(Map<String, AttributeValue> entry) {
        if (!OrganisationKeys.SORT_KEY.equals(ItemAttributes.sortKey(entry))) {
            throw new IllegalArgumentException("only an organisation item owes work");
        }
        return ReadScope.partitionTenant(entry).orElseThrow();
    }
}
