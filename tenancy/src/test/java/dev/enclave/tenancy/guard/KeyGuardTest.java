package dev.enclave.tenancy.guard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.table.TableDesign;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

class KeyGuardTest {

    private static final GuardScope ACME = GuardScope.of(Set.of("TENANT#acme#"), false);
    private static final GuardScope ACME_READ = GuardScope.of(Set.of("TENANT#acme#"), true);
    private static final GuardScope ACME_AND_USER = GuardScope.of(Set.of("TENANT#acme#", "USER#u1#"), false);

    private final KeyGuard guard = new KeyGuard(TableDesign.ENCLAVE);

    @Test
    void check_whenGetItemOnOwnTenant_passes() {
        assertThat(guard.check(get("TENANT#acme#ORG"), ACME)).isEmpty();
    }

    @Test
    void check_whenGetItemOnOtherTenant_isPartitionKeyOutsideScope() {
        assertThat(reason(get("TENANT#beta#ORG"), ACME)).contains("partition-key-outside-scope");
    }

    @Test
    void check_whenNeighbouringTenantId_isOutsideScope() {
        assertThat(reason(get("TENANT#acme2#ORG"), ACME)).contains("partition-key-outside-scope");
        assertThat(reason(get("TENANT#acme"), ACME)).contains("partition-key-outside-scope");
    }

    @Test
    void check_whenKeyHasNoPartitionKey_isRefused() {
        SdkRequest noPk = GetItemRequest.builder().tableName("t").key(Map.of("SK", s("X"))).build();

        assertThat(reason(noPk, ACME)).contains("partition-key-not-found");
    }

    @Test
    void check_whenPutPlantsOtherTenantInIndexKey_isForeignTenantKeyWritten() {
        SdkRequest plant = PutItemRequest.builder().tableName("t").item(Map.of("PK", s("TENANT#acme#X"),
                "SK", s("X"), "GSI1PK", s("TENANT#beta#INVITATIONS"), "GSI1SK", s("1"))).build();

        assertThat(reason(plant, ACME)).contains("foreign-tenant-key-written");
    }

    @Test
    void check_whenPutWritesCrossTenantUserIndexKey_passes() {
        SdkRequest membership = PutItemRequest.builder().tableName("t").item(Map.of("PK", s("TENANT#acme#M"),
                "SK", s("M"), "GSI2PK", s("USER#u1#"), "GSI2SK", s("TENANT#acme#"))).build();

        assertThat(guard.check(membership, ACME)).isEmpty();
    }

    @Test
    void check_whenUpdateSetsForeignTenantValue_isRefused() {
        SdkRequest update = UpdateItemRequest.builder().tableName("t").key(Map.of("PK", s("TENANT#acme#X"),
                        "SK", s("X"))).updateExpression("SET GSI1PK = :v")
                .expressionAttributeValues(Map.of(":v", s("TENANT#beta#X"))).build();

        assertThat(reason(update, ACME)).contains("foreign-tenant-key-written");
    }

    @Test
    void check_whenQueryOnIndexKeyedByOtherTenant_isRefused() {
        SdkRequest query = QueryRequest.builder().tableName("t").indexName("GSI1")
                .keyConditionExpression("#pk = :pk").expressionAttributeNames(Map.of("#pk", "GSI1PK"))
                .expressionAttributeValues(Map.of(":pk", s("TENANT#beta#INVITATIONS"))).build();

        assertThat(reason(query, ACME)).contains("partition-key-outside-scope");
    }

    @Test
    void check_whenQueryOnUserIndexWithOwnUserPrefix_passes() {
        SdkRequest query = QueryRequest.builder().tableName("t").indexName("GSI2")
                .keyConditionExpression("GSI2PK = :pk AND begins_with(GSI2SK, :t)")
                .expressionAttributeValues(Map.of(":pk", s("USER#u1#"), ":t", s("TENANT#"))).build();

        assertThat(guard.check(query, ACME_AND_USER)).isEmpty();
        assertThat(reason(query, ACME)).contains("partition-key-outside-scope");
    }

    @Test
    void check_whenBatchMixesTenants_isRefusedAsAWhole() {
        SdkRequest batch = BatchGetItemRequest.builder().requestItems(Map.of("t", KeysAndAttributes.builder()
                .keys(key("TENANT#acme#A"), key("TENANT#beta#B")).build())).build();

        assertThat(reason(batch, ACME)).contains("partition-key-outside-scope");
    }

    @Test
    void check_whenBatchWriteDeletesForeignItem_isRefused() {
        SdkRequest batch = BatchWriteItemRequest.builder().requestItems(Map.of("t", List.of(
                WriteRequest.builder().deleteRequest(d -> d.key(key("TENANT#beta#B"))).build()))).build();

        assertThat(reason(batch, ACME)).contains("partition-key-outside-scope");
    }

    @Test
    void check_whenTransactionConditionChecksForeignItem_isRefused() {
        SdkRequest transaction = TransactWriteItemsRequest.builder().transactItems(
                TransactWriteItem.builder().put(p -> p.tableName("t").item(key("TENANT#acme#A"))).build(),
                TransactWriteItem.builder().conditionCheck(c -> c.tableName("t").key(key("TENANT#beta#B"))
                        .conditionExpression("attribute_exists(PK)")).build()).build();

        assertThat(reason(transaction, ACME)).contains("partition-key-outside-scope");
    }

    @Test
    void check_whenScanDeleteTableOrPartiQl_isOperationNotAllowed() {
        assertThat(reason(ScanRequest.builder().tableName("t").build(), ACME)).contains("operation-not-allowed");
        assertThat(reason(DeleteTableRequest.builder().tableName("t").build(), ACME)).contains("operation-not-allowed");
        assertThat(reason(ExecuteStatementRequest.builder().statement("SELECT * FROM t").build(), ACME))
                .contains("operation-not-allowed");
    }

    @Test
    void check_whenReadOnlyScopeWrites_isRefused() {
        SdkRequest put = PutItemRequest.builder().tableName("t").item(key("TENANT#acme#A")).build();

        assertThat(reason(put, ACME_READ)).contains("read-only-scope");
        assertThat(guard.check(get("TENANT#acme#A"), ACME_READ)).isEmpty();
    }

    private Optional<String> reason(SdkRequest request, GuardScope scope) {
        return guard.check(request, scope).map(GuardViolation::reason);
    }

    private static GetItemRequest get(String pk) {
        return GetItemRequest.builder().tableName("t").key(key(pk)).build();
    }

    private static Map<String, AttributeValue> key(String pk) {
        return Map.of("PK", s(pk), "SK", s("X"));
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }
}
