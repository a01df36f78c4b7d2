package dev.enclave.app.idempotency;

import dev.enclave.app.platform.TableSettings;
import dev.enclave.identity.TenantId;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

/**
 * Idempotency records at {@code PK = TENANT#<org>#, SK = IDEMPOTENCY#<caller>#<key digest>}, expired by TTL after
 * 24 hours (and treated as expired by logic). Claiming is one conditional put that also returns the record holding
 * the key when it fails, so deciding costs one call.
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
final class DynamoDbIdempotencyRecords implements IdempotencyRecords {

    static final Duration RETENTION = Duration.ofHours(24);

    private final TenantDynamoDb tenants;
    private final String table;
    private final Clock clock;

    DynamoDbIdempotencyRecords(TenantDynamoDb tenants, TableSettings table, Clock clock) {
        this.tenants = tenants;
        this.table = table.getName();
        this.clock = clock;
    }

    @Override
    public Optional<StoredRecord> claim(TenantId tenant, String caller, String key, String requestHash) {
        long now = clock.instant().getEpochSecond();
        Map<String, AttributeValue> item = new HashMap<>(IdempotencyItems.key(tenant, caller, key));
        item.put("type", AttributeValue.fromS("idempotency"));
        item.put("requestHash", AttributeValue.fromS(requestHash));
        item.put("expiresAt", AttributeValue.fromN(Long.toString(now + RETENTION.toSeconds())));
        try {
            tenants.forTenant(tenant).putItem(b -> b.tableName(table).item(item)
                    .conditionExpression("attribute_not_exists(PK) OR expiresAt < :now")
                    .expressionAttributeValues(Map.of(":now", AttributeValue.fromN(Long.toString(now))))
                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD));
            return Optional.empty();
        } catch (ConditionalCheckFailedException held) {
            return Optional.of(IdempotencyItems.fromItem(held.item()));
        }
    }

    @Override
    public void complete(TenantId tenant, String caller, String key, StoredRecord.Response response) {
        Map<String, AttributeValue> values = new HashMap<>(Map.of(
                ":status", AttributeValue.fromN(Integer.toString(response.status())),
                ":type", AttributeValue.fromS(response.contentType()),
                ":body", AttributeValue.fromS(response.body())));
        values.put(":location", AttributeValue.fromS(response.location() == null ? "" : response.location()));
        tenants.forTenant(tenant).updateItem(b -> b.tableName(table).key(IdempotencyItems.key(tenant, caller, key))
                .updateExpression("SET responseStatus = :status, responseType = :type, responseBody = :body, "
                        + "responseLocation = :location")
                .expressionAttributeValues(values));
    }

    @Override
    public void release(TenantId tenant, String caller, String key) {
        tenants.forTenant(tenant).deleteItem(b -> b.tableName(table).key(IdempotencyItems.key(tenant, caller, key)));
    }
}
