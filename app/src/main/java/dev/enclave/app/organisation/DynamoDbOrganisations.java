package dev.enclave.app.organisation;

import dev.enclave.app.limits.Limit;
import dev.enclave.app.member.Membership;
import dev.enclave.app.member.MembershipItems;
import dev.enclave.app.platform.Cancellations;
import dev.enclave.app.platform.CheckedItems;
import dev.enclave.app.platform.ExpectedVersion;
import dev.enclave.app.platform.ItemKind;
import dev.enclave.app.platform.ReadScope;
import dev.enclave.app.platform.TableSettings;
import dev.enclave.app.platform.VersionCondition;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** {@link Organisations} on the single table, each call on the organisation's own scoped client. */
@Singleton
@Requires(beans = TenantDynamoDb.class)
final class DynamoDbOrganisations implements Organisations {

    private static final int BATCH = 25;

    private final TenantDynamoDb tenants;
    private final String table;
    private final CheckedItems checked;
    private final Clock clock;

    DynamoDbOrganisations(TenantDynamoDb tenants, TableSettings table, CheckedItems checked, Clock clock) {
        this.tenants = tenants;
        this.table = table.getName();
        this.checked = checked;
        this.clock = clock;
    }

    @Override
    public CreateOutcome create(Organisation organisation, Membership owner, Optional<String> idempotencyToken) {
        try {
            List<TransactWriteItem> writes = new ArrayList<>(List.of(
                    newItem(OrganisationItems.toItem(organisation)),
                    newItem(MembershipItems.toItem(owner, new OrganisationName(organisation.name(),
                            organisation.version())))));
            if (!owner.email().isEmpty()) {
                writes.add(newItem(MembershipItems.emailGuard(owner)));
            }
            client(organisation.id()).transactWriteItems(b -> {
                b.transactItems(writes);
                idempotencyToken.ifPresent(b::clientRequestToken);
            });
            return new Created(organisation);
        } catch (TransactionCanceledException cancelled) {
            if (cancelled.cancellationReasons().stream().anyMatch(Cancellations::conditionFailed)) {
                return new IdTaken(organisation.id());
            }
            throw cancelled;
        }
    }

    @Override
    public Optional<Organisation> find(TenantId id) {
        var response = client(id).getItem(b -> b.tableName(table).key(OrganisationKeys.key(id)).consistentRead(true));
        return checked.one(ItemKind.ORGANISATION, ReadScope.tenant(id), response.item(), OrganisationItems::fromItem);
    }

    @Override
    public RenameOutcome rename(TenantId id, String name, ExpectedVersion expected) {
        Map<String, AttributeValue> values = new HashMap<>(VersionCondition.values(expected));
        values.putAll(OwedWorkItems.recordValues(OwedWork.Kind.RENAME, id, clock.instant()));
        values.putAll(Map.of(":name", AttributeValue.fromS(name), ":one", AttributeValue.fromN("1"),
                ":deleting", AttributeValue.fromS(OrganisationStatus.DELETING.name())));
        try {
            var updated = client(id).updateItem(b -> b.tableName(table).key(OrganisationKeys.key(id))
                    .updateExpression("SET #name = :name, #version = #version + :one, " + OwedWorkItems.RECORD)
                    .conditionExpression(VersionCondition.expression(expected, "PK", "#version")
                            + " AND #status <> :deleting")
                    .expressionAttributeNames(Map.of("#name", "name", "#version", "version", "#status", "status"))
                    .expressionAttributeValues(values)
                    .returnValues(ReturnValue.ALL_NEW)
                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD));
            return new Renamed(OrganisationItems.fromItem(updated.attributes()));
        } catch (ConditionalCheckFailedException failed) {
            return failed.hasItem() && !failed.item().isEmpty() && !isDeleting(failed.item())
                    ? new VersionMismatch(Long.parseLong(failed.item().get("version").n())) : new NotFound();
        }
    }

    private static boolean isDeleting(Map<String, AttributeValue> item) {
        return OrganisationStatus.DELETING.name().equals(item.get("status").s());
    }

    @Override
    public boolean setStatus(TenantId id, OrganisationStatus status) {
        return conditionalUpdate(id, "status", AttributeValue.fromS(status.name()),
                "attribute_exists(PK) AND #field <> :deleting",
                Map.of(":deleting", AttributeValue.fromS(OrganisationStatus.DELETING.name())));
    }

    @Override
    public SeatsChange setSeats(TenantId id, int seats) {
        try {
            return new SeatsChange.Changed(OrganisationItems.fromItem(client(id).updateItem(b -> b.tableName(table)
                    .key(OrganisationKeys.key(id))
                    .updateExpression("SET seats = :seats, version = version + :one")
                    .conditionExpression("attribute_exists(PK) AND members <= :seats")
                    .expressionAttributeValues(Map.of(":seats", AttributeValue.fromN(Integer.toString(seats)),
                            ":one", AttributeValue.fromN("1")))
                    .returnValues(ReturnValue.ALL_NEW)
                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).attributes()));
        } catch (ConditionalCheckFailedException refused) {
            return refused.hasItem()
                    ? new SeatsChange.BelowMembers(OrganisationItems.fromItem(refused.item()).members())
                    : new SeatsChange.NoSuchOrganisation();
        }
    }

    @Override
    public Optional<Organisation> setLimits(TenantId id, Optional<Limit> limits) {
        Map<String, AttributeValue> values = new HashMap<>(Map.of(":one", AttributeValue.fromN("1"),
                ":deleting", AttributeValue.fromS(OrganisationStatus.DELETING.name())));
        limits.ifPresent(limit -> values.put(":limits", OrganisationItems.limitsValue(limit)));
        try {
            return Optional.of(OrganisationItems.fromItem(client(id).updateItem(b -> b.tableName(table)
                    .key(OrganisationKeys.key(id))
                    .updateExpression((limits.isPresent() ? "SET #limits = :limits," : "REMOVE #limits SET")
                            + " #version = #version + :one")
                    .conditionExpression("attribute_exists(PK) AND #status <> :deleting")
                    .expressionAttributeNames(Map.of("#limits", OrganisationItems.LIMITS, "#version", "version",
                            "#status", "status"))
                    .expressionAttributeValues(values)
                    .returnValues(ReturnValue.ALL_NEW)).attributes()));
        } catch (ConditionalCheckFailedException noSuchOrganisation) {
            return Optional.empty();
        }
    }

    /** Sets one attribute and bumps the version, if {@code condition} holds. */
    private boolean conditionalUpdate(TenantId id, String field, AttributeValue value, String condition,
                                      Map<String, AttributeValue> conditionValues) {
        Map<String, AttributeValue> values = new java.util.HashMap<>(conditionValues);
        values.put(":value", value);
        values.put(":one", AttributeValue.fromN("1"));
        try {
            client(id).updateItem(b -> b.tableName(table).key(OrganisationKeys.key(id))
                    .updateExpression("SET #field = :value, version = version + :one").conditionExpression(condition)
                    .expressionAttributeNames(Map.of("#field", field)).expressionAttributeValues(values));
            return true;
        } catch (ConditionalCheckFailedException refused) {
            return false;
        }
    }

    @Override
    public boolean markDeleting(TenantId id) {
        Map<String, AttributeValue> values = new HashMap<>(OwedWorkItems.recordValues(OwedWork.Kind.DELETE, id,
                clock.instant()));
        values.putAll(Map.of(":deleting", AttributeValue.fromS(OrganisationStatus.DELETING.name()),
                ":one", AttributeValue.fromN("1")));
        try {
            client(id).updateItem(b -> b.tableName(table).key(OrganisationKeys.key(id))
                    .updateExpression("SET #status = :deleting, #version = #version + :one, " + OwedWorkItems.RECORD)
                    .conditionExpression("attribute_exists(PK)")
                    .expressionAttributeNames(Map.of("#status", "status", "#version", "version"))
                    .expressionAttributeValues(values));
            return true;
        } catch (ConditionalCheckFailedException noSuchOrganisation) {
            return false;
        }
    }

    @Override
    public boolean removeAll(TenantId id) {
        DynamoDbClient client = client(id);
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        client.queryPaginator(b -> b.tableName(table).consistentRead(true).keyConditionExpression("PK = :pk")
                        .projectionExpression("PK, SK, " + TableDesign.BY_USER.partitionKey())
                        .expressionAttributeValues(Map.of(":pk", OrganisationKeys.key(id).get("PK"))))
                .forEach(page -> keys.addAll(checked.all(ItemKind.PARTITION_ITEM, ReadScope.partition(id),
                        page.items(), item -> item)));
        List<WriteRequest> deletes = keys.stream()
                .filter(key -> !OrganisationKeys.SORT_KEY.equals(key.get("SK").s()))
                .sorted(Comparator.comparing(key -> !key.containsKey(TableDesign.BY_USER.partitionKey())))
                .map(key -> WriteRequest.builder().deleteRequest(d -> d.key(key(key))).build())
                .toList();
        for (int start = 0; start < deletes.size(); start += BATCH) {
            batchDelete(client, deletes.subList(start, Math.min(deletes.size(), start + BATCH)));
        }
        return deleteOrganisationItem(client, id);
    }

    /** Last, and only while it is marked: the mark is what says the deletion is owed. */
    private boolean deleteOrganisationItem(DynamoDbClient client, TenantId id) {
        try {
            client.deleteItem(b -> b.tableName(table).key(OrganisationKeys.key(id))
                    .conditionExpression("#status = :deleting").expressionAttributeNames(Map.of("#status", "status"))
                    .expressionAttributeValues(Map.of(":deleting",
                            AttributeValue.fromS(OrganisationStatus.DELETING.name()))));
            return true;
        } catch (ConditionalCheckFailedException alreadyGone) {
            return false;
        }
    }

    /** Every item of the partition goes, whatever else it holds: only its key is read. */
    private static Map<String, AttributeValue> key(Map<String, AttributeValue> item) {
        return Map.of("PK", item.get("PK"), "SK", item.get("SK"));
    }

    private void batchDelete(DynamoDbClient client, List<WriteRequest> batch) {
        Map<String, List<WriteRequest>> pending = Map.of(table, batch);
        while (!pending.isEmpty()) {
            Map<String, List<WriteRequest>> request = pending;
            var response = client.batchWriteItem(b -> b.requestItems(request));
            pending = response.hasUnprocessedItems() ? response.unprocessedItems() : Map.of();
        }
    }

    private TransactWriteItem newItem(Map<String, AttributeValue> item) {
        return TransactWriteItem.builder().put(p -> p.tableName(table).item(item)
                .conditionExpression("attribute_not_exists(PK)")).build();
    }

    private DynamoDbClient client(TenantId tenant) {
        return tenants.forTenant(tenant);
    }
}
