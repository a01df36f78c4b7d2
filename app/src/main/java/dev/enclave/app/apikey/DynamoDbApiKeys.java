package dev.enclave.app.apikey;

import dev.enclave.app.organisation.Organisation;
import dev.enclave.app.organisation.OrganisationItems;
import dev.enclave.app.organisation.OrganisationKeys;
import dev.enclave.app.organisation.OrganisationStatus;
import dev.enclave.app.platform.Cancellations;
import dev.enclave.app.platform.CheckedItems;
import dev.enclave.app.platform.ConsistentBatchGet;
import dev.enclave.app.platform.ItemKind;
import dev.enclave.app.platform.ReadScope;
import dev.enclave.app.platform.TableSettings;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * {@link ApiKeys} in the organisation's control partition, on its scoped client. Creating and revoking a key are
 * one transaction each with the organisation's key count, so the bound holds under concurrency.
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
final class DynamoDbApiKeys implements ApiKeys {

    private static final Logger LOG = LoggerFactory.getLogger(DynamoDbApiKeys.class);

    private final TenantDynamoDb tenants;
    private final String table;
    private final CheckedItems checked;

    DynamoDbApiKeys(TenantDynamoDb tenants, TableSettings table, CheckedItems checked) {
        this.tenants = tenants;
        this.table = table.getName();
        this.checked = checked;
    }

    @Override
    public CreateOutcome create(ApiKey key, int maximum) {
        TransactWriteItem keyItem = TransactWriteItem.builder().put(p -> p.tableName(table)
                .item(ApiKeyItems.toItem(key)).conditionExpression("attribute_not_exists(PK)")).build();
        TransactWriteItem counted = TransactWriteItem.builder().update(u -> u.tableName(table)
                .key(OrganisationKeys.key(key.tenant()))
                .updateExpression("ADD #count :one")
                .conditionExpression("attribute_exists(PK) AND #status = :active AND "
                        + "(attribute_not_exists(#count) OR #count < :maximum)")
                .expressionAttributeNames(Map.of("#count", ApiKeyKeys.COUNT, "#status", "status"))
                .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"),
                        ":active", AttributeValue.fromS(OrganisationStatus.ACTIVE.name()),
                        ":maximum", AttributeValue.fromN(Integer.toString(maximum))))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build();
        List<TransactWriteItem> writes = List.of(keyItem, counted);
        try {
            client(key.tenant()).transactWriteItems(t -> t.transactItems(writes));
            return CreateOutcome.CREATED;
        } catch (TransactionCanceledException cancelled) {
            CancellationReason organisation = cancelled.cancellationReasons().get(writes.indexOf(counted));
            if (!Cancellations.conditionFailed(organisation)) {
                throw cancelled;
            }
            boolean active = organisation.hasItem() && OrganisationStatus.ACTIVE.name()
                    .equals(Optional.ofNullable(organisation.item().get("status")).map(AttributeValue::s).orElse(""));
            return active ? CreateOutcome.LIMIT_REACHED : CreateOutcome.ORGANISATION_NOT_ACTIVE;
        }
    }

    @Override
    public List<ApiKey> list(TenantId tenant) {
        List<ApiKey> keys = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            QueryResponse page = client(tenant).query(q -> q.tableName(table).consistentRead(true)
                    .keyConditionExpression("PK = :pk AND begins_with(SK, :keys)")
                    .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(ApiKeyKeys.partition(tenant)),
                            ":keys", AttributeValue.fromS(ApiKeyKeys.SORT_KEY_PREFIX)))
                    .exclusiveStartKey(from));
            keys.addAll(checked.all(ItemKind.API_KEY, ReadScope.tenant(tenant), page.items(), ApiKeyItems::fromItem));
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        keys.sort(java.util.Comparator.comparing(ApiKey::createdAt));
        return keys;
    }

    @Override
    public Lookup find(TenantId tenant, ApiKeyId id) {
        List<Map<String, AttributeValue>> items = ConsistentBatchGet.items(client(tenant), table,
                List.of(ApiKeyKeys.key(tenant, id), OrganisationKeys.key(tenant)));
        String sortKey = TableDesign.ENCLAVE.sortKey();
        ReadScope scope = ReadScope.tenant(tenant);
        Optional<ApiKey> key = items.stream().filter(i -> i.get(sortKey).s().startsWith(ApiKeyKeys.SORT_KEY_PREFIX))
                .findFirst().flatMap(item -> checked.one(ItemKind.API_KEY, scope, item, ApiKeyItems::fromItem))
                .filter(k -> k.id().equals(id));
        Optional<Organisation> organisation = items.stream()
                .filter(i -> OrganisationKeys.SORT_KEY.equals(i.get(sortKey).s())).findFirst()
                .flatMap(item -> checked.one(ItemKind.ORGANISATION, scope, item, OrganisationItems::fromItem));
        return new Lookup(key, organisation);
    }

    @Override
    public boolean revoke(TenantId tenant, ApiKeyId id) {
        TransactWriteItem deleted = TransactWriteItem.builder().delete(d -> d.tableName(table)
                .key(ApiKeyKeys.key(tenant, id)).conditionExpression("attribute_exists(PK)")).build();
        TransactWriteItem uncounted = TransactWriteItem.builder().update(u -> u.tableName(table)
                .key(OrganisationKeys.key(tenant)).updateExpression("ADD #count :minusOne")
                .conditionExpression("attribute_exists(PK)")
                .expressionAttributeNames(Map.of("#count", ApiKeyKeys.COUNT))
                .expressionAttributeValues(Map.of(":minusOne", AttributeValue.fromN("-1")))).build();
        List<TransactWriteItem> writes = List.of(deleted, uncounted);
        try {
            client(tenant).transactWriteItems(t -> t.transactItems(writes));
            return true;
        } catch (TransactionCanceledException cancelled) {
            if (Cancellations.conditionFailed(cancelled.cancellationReasons(), writes.indexOf(deleted))) {
                return false;
            }
            throw cancelled;
        }
    }

    @Override
    public void markUsed(TenantId tenant, ApiKeyId id, Instant now, Instant notSince) {
        try {
            client(tenant).updateItem(u -> u.tableName(table).key(ApiKeyKeys.key(tenant, id))
                    .updateExpression("SET #used = :now")
                    .conditionExpression("attribute_exists(PK) AND (attribute_not_exists(#used) OR #used < :since)")
                    .expressionAttributeNames(Map.of("#used", ApiKeyItems.LAST_USED_AT))
                    .expressionAttributeValues(Map.of(":now", AttributeValue.fromS(now.toString()),
                            ":since", AttributeValue.fromS(notSince.toString()))));
        } catch (ConditionalCheckFailedException alreadyRecorded) {
            LOG.debug("API key {} use already recorded since {}", id, notSince);
        }
    }

    private DynamoDbClient client(TenantId tenant) {
        return tenants.forTenant(tenant);
    }
}
