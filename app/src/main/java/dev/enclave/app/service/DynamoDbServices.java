package dev.enclave.app.service;

import dev.enclave.app.member.MembershipKeys;
import dev.enclave.app.platform.Cancellations;
import dev.enclave.app.platform.CheckedItems;
import dev.enclave.app.platform.ExpectedVersion;
import dev.enclave.app.platform.VersionCondition;
import dev.enclave.app.platform.ItemKind;
import dev.enclave.app.platform.ReadScope;
import dev.enclave.app.platform.TableSettings;
import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/** {@link Services} on the single table, on the organisation's scoped client. */
@Singleton
@Requires(beans = TenantDynamoDb.class)
final class DynamoDbServices implements Services {

    /** DynamoDB's transaction limit, less the service item itself. */
    static final int MAX_ASSIGNMENTS_PER_DELETE = 99;

    private final TenantDynamoDb tenants;
    private final String table;
    private final CheckedItems checked;

    DynamoDbServices(TenantDynamoDb tenants, TableSettings table, CheckedItems checked) {
        this.tenants = tenants;
        this.table = table.getName();
        this.checked = checked;
    }

    @Override
    public boolean create(TenantId tenant, String service, String name) {
        Map<String, AttributeValue> item = new HashMap<>(ServiceKeys.service(tenant, service));
        item.put("type", AttributeValue.fromS("service"));
        item.put("id", AttributeValue.fromS(service));
        item.put("name", AttributeValue.fromS(name));
        item.put("version", AttributeValue.fromN("1"));
        try {
            client(tenant).putItem(b -> b.tableName(table).item(item).conditionExpression("attribute_not_exists(PK)"));
            return true;
        } catch (ConditionalCheckFailedException taken) {
            return false;
        }
    }

    @Override
    public Optional<ServiceView> find(TenantId tenant, String service) {
        var item = client(tenant).getItem(b -> b.tableName(table).key(ServiceKeys.service(tenant, service))
                .consistentRead(true)).item();
        return checked.one(ItemKind.SERVICE, ReadScope.tenant(tenant), item, ServiceItems::fromItem);
    }

    @Override
    public List<ServiceView> list(TenantId tenant) {
        return checked.all(ItemKind.SERVICE, ReadScope.tenant(tenant), query(tenant, ServiceKeys.SERVICE_PREFIX),
                ServiceItems::fromItem);
    }

    @Override
    public Optional<ServiceView> rename(TenantId tenant, String service, String name, ExpectedVersion expected) {
        Map<String, AttributeValue> values = new HashMap<>(VersionCondition.values(expected));
        values.putAll(Map.of(":name", AttributeValue.fromS(name), ":one", AttributeValue.fromN("1")));
        try {
            var updated = client(tenant).updateItem(b -> b.tableName(table).key(ServiceKeys.service(tenant, service))
                    .updateExpression("SET #name = :name, version = version + :one")
                    .conditionExpression(VersionCondition.expression(expected, "PK", "version"))
                    .expressionAttributeNames(Map.of("#name", "name"))
                    .expressionAttributeValues(values)
                    .returnValues(ReturnValue.ALL_NEW));
            return Optional.of(ServiceItems.fromItem(updated.attributes()));
        } catch (ConditionalCheckFailedException stale) {
            return Optional.empty();
        }
    }

    @Override
    public Deletion delete(TenantId tenant, String service) {
        List<Map<String, AttributeValue>> assignments = checked.all(ItemKind.ASSIGNMENT, ReadScope.partition(tenant),
                query(tenant, ServiceKeys.servicePrefix(service)), DynamoDbServices::key);
        if (assignments.size() > MAX_ASSIGNMENTS_PER_DELETE) {
            return Deletion.TOO_MANY_ASSIGNMENTS;
        }
        List<TransactWriteItem> writes = new ArrayList<>();
        writes.add(TransactWriteItem.builder().delete(d -> d.tableName(table).key(ServiceKeys.service(tenant, service))
                .conditionExpression("attribute_exists(PK)")).build());
        assignments.forEach(key -> writes.add(TransactWriteItem.builder().delete(d -> d.tableName(table).key(key))
                .build()));
        try {
            client(tenant).transactWriteItems(b -> b.transactItems(writes));
            return Deletion.DELETED;
        } catch (TransactionCanceledException cancelled) {
            if (Cancellations.conflicted(cancelled)) {
                throw cancelled;
            }
            return Deletion.NOT_FOUND;
        }
    }

    @Override
    public boolean assign(TenantId tenant, String service, String group, UserKey user, String userId) {
        Map<String, AttributeValue> item = ServiceAssignments.item(tenant, service, group, user, userId);
        try {
            client(tenant).transactWriteItems(b -> b.transactItems(
                    exists(MembershipKeys.key(tenant, user)), exists(ServiceKeys.service(tenant, service)),
                    TransactWriteItem.builder().put(p -> p.tableName(table).item(item)).build()));
            return true;
        } catch (TransactionCanceledException missing) {
            if (Cancellations.conflicted(missing)) {
                throw missing;
            }
            return false;
        }
    }

    @Override
    public void unassign(TenantId tenant, String service, String group, UserKey user) {
        client(tenant).deleteItem(b -> b.tableName(table).key(ServiceKeys.assignment(tenant, service, group, user)));
    }

    @Override
    public List<String> groupMembers(TenantId tenant, String service, String group) {
        return checked.all(ItemKind.ASSIGNMENT, ReadScope.tenant(tenant), query(tenant,
                ServiceKeys.groupPrefix(service, group)), item -> item.get("userId").s());
    }

    @Override
    public boolean isAssigned(TenantId tenant, String service, String group, UserKey user) {
        var item = client(tenant).getItem(b -> b.tableName(table)
                .key(ServiceKeys.assignment(tenant, service, group, user)).consistentRead(true)).item();
        return item != null && !item.isEmpty();
    }

    private List<Map<String, AttributeValue>> query(TenantId tenant, String sortPrefix) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        client(tenant).queryPaginator(b -> b.tableName(table).consistentRead(true)
                        .keyConditionExpression("PK = :pk AND begins_with(SK, :prefix)")
                        .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(LeadingKeyPrefix.tenant(tenant).value()),
                                ":prefix", AttributeValue.fromS(sortPrefix))))
                .items().forEach(items::add);
        return items;
    }

    private TransactWriteItem exists(Map<String, AttributeValue> key) {
        return TransactWriteItem.builder().conditionCheck(c -> c.tableName(table).key(key)
                .conditionExpression("attribute_exists(PK)")).build();
    }

    private static Map<String, AttributeValue> key(Map<String, AttributeValue> item) {
        return Map.of("PK", item.get("PK"), "SK", item.get("SK"));
    }

    private DynamoDbClient client(TenantId tenant) {
        return tenants.forTenant(tenant);
    }
}
