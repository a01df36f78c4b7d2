package dev.enclave.app.organisation;

import dev.enclave.app.platform.CheckedItems;
import dev.enclave.app.platform.ItemKind;
import dev.enclave.app.platform.ReadScope;
import dev.enclave.app.platform.SortableTime;
import dev.enclave.app.platform.TableSettings;
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
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * {@link OwedWork} on the owed-work index, read with a scope of its own ({@code WORK#owed#}, read only), and on
 * each organisation item with that organisation's scoped client.
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
final class DynamoDbOwedWork implements OwedWork {

    private static final GuardScope OWED_WORK = GuardScope.of(Set.of(TableDesign.OWED_WORK), true);

    private final TenantDynamoDb tenants;
    private final String table;
    private final CheckedItems checked;

    DynamoDbOwedWork(TenantDynamoDb tenants, TableSettings table, CheckedItems checked) {
        this.tenants = tenants;
        this.table = table.getName();
        this.checked = checked;
    }

    @Override
    public List<TenantId> owing(Instant before, int limit) {
        var index = TableDesign.BY_OWED_WORK;
        var found = tenants.forScope(OWED_WORK).query(b -> b.tableName(table).indexName(index.indexName())
                .keyConditionExpression("#work = :work AND #since < :before")
                .expressionAttributeNames(Map.of("#work", index.partitionKey(), "#since", index.sortKey()))
                .expressionAttributeValues(Map.of(":work", AttributeValue.fromS(TableDesign.OWED_WORK),
                        ":before", AttributeValue.fromS(SortableTime.format(before))))
                .limit(limit));
        return checked.all(ItemKind.OWED_WORK, ReadScope.owedWork(), found.items(), DynamoDbOwedWork::owingTenant);
    }

    @Override
    public Optional<Debt> debtOf(TenantId id) {
        var item = tenants.forTenant(id).getItem(b -> b.tableName(table).key(OrganisationKeys.key(id))
                .consistentRead(true)).item();
        return checked.one(ItemKind.ORGANISATION, ReadScope.tenant(id), item, OwedWorkItems::debt)
                .flatMap(Function.identity());
    }

    @Override
    public boolean settle(TenantId id, Debt debt) {
        try {
            tenants.forTenant(id).updateItem(b -> b.tableName(table).key(OrganisationKeys.key(id))
                    .updateExpression(OwedWorkItems.CLEAR).conditionExpression(OwedWorkItems.STILL_OWED)
                    .expressionAttributeValues(OwedWorkItems.settleValues(debt)));
            return true;
        } catch (ConditionalCheckFailedException supersededOrGone) {
            return false;
        }
    }

    /** The organisation an entry names; only organisation items owe work. */
    private static TenantId owingTenant(Map<String, AttributeValue> entry) {
        if (!OrganisationKeys.SORT_KEY.equals(entry.get("SK").s())) {
            throw new IllegalArgumentException("only an organisation item owes work");
        }
        return ReadScope.partitionTenant(entry).orElseThrow();
    }
}
