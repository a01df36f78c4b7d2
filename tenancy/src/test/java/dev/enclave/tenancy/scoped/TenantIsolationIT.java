package dev.enclave.tenancy.scoped;

import static dev.enclave.tenancy.support.SandboxFixture.assertAccessDenied;
import static dev.enclave.tenancy.support.SandboxFixture.item;
import static dev.enclave.tenancy.support.SandboxFixture.key;
import static dev.enclave.tenancy.support.SandboxFixture.tenant;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.enclave.tenancy.credentials.TenantCredentials;
import dev.enclave.tenancy.guard.IsolationViolationException;
import dev.enclave.tenancy.support.SandboxFixture;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Both layers through the sandbox with real SDK clients: the guard refuses first; with the guard off, IAM (the
 * gateway evaluating the STS-bound session policy) still refuses, and nothing reaches the table.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TenantIsolationIT {

    private SandboxFixture fixture;
    private TenantCredentials credentials;
    private TenantDynamoDb guarded;
    private TenantDynamoDb iamOnly;

    @BeforeAll
    void start() {
        fixture = new SandboxFixture("isolation");
        credentials = fixture.credentials(fixture.sessionPolicies());
        guarded = fixture.tenantDynamoDb(credentials, true);
        iamOnly = fixture.tenantDynamoDb(credentials, false);
        fixture.platform.putItem(b -> b.tableName(fixture.table).item(item("TENANT#beta#ORG", "ORG")));
        fixture.platform.putItem(b -> b.tableName(fixture.table).item(item("TENANT#acme2#ORG", "ORG")));
    }

    @AfterAll
    void stop() {
        guarded.close();
        iamOnly.close();
        credentials.close();
        fixture.close();
    }

    @Test
    void putAndGet_onOwnItems_work() {
        DynamoDbClient acme = guarded.forScope(tenant("acme"));

        acme.putItem(b -> b.tableName(fixture.table).item(item("TENANT#acme#ORG", "ORG")));

        assertThat(acme.getItem(b -> b.tableName(fixture.table).key(key("TENANT#acme#ORG", "ORG"))).hasItem()).isTrue();
    }

    @Test
    void getItem_onOtherTenant_isRefusedByTheGuard() {
        assertThatThrownBy(() -> guarded.forScope(tenant("acme"))
                .getItem(b -> b.tableName(fixture.table).key(key("TENANT#beta#ORG", "ORG"))))
                .isInstanceOf(IsolationViolationException.class);
        assertThat(fixture.refusals.get()).isPositive();
    }

    @Test
    void getItem_onOtherTenant_withGuardOff_isDeniedByIam() {
        long before = fixture.sandbox.gateway().deniedCount("GetItem");

        assertAccessDenied(() -> iamOnly.forScope(tenant("acme"))
                .getItem(b -> b.tableName(fixture.table).key(key("TENANT#beta#ORG", "ORG"))));
        assertThat(fixture.sandbox.gateway().deniedCount("GetItem")).isEqualTo(before + 1);
    }

    @Test
    void getItem_onNeighbouringTenantId_withGuardOff_isDeniedByIam() {
        assertAccessDenied(() -> iamOnly.forScope(tenant("acme"))
                .getItem(b -> b.tableName(fixture.table).key(key("TENANT#acme2#ORG", "ORG"))));
    }

    @Test
    void batchWrite_mixingTenants_withGuardOff_isDeniedAsAWholeAndWritesNothing() {
        assertAccessDenied(() -> iamOnly.forScope(tenant("acme")).batchWriteItem(b -> b.requestItems(Map.of(
                fixture.table, List.of(put("TENANT#acme#BATCH", "A"), put("TENANT#beta#BATCH", "B"))))));

        assertThat(platformHas("TENANT#acme#BATCH", "A")).isFalse();
        assertThat(platformHas("TENANT#beta#BATCH", "B")).isFalse();
    }

    @Test
    void transaction_touchingAnotherTenant_withGuardOff_isDeniedAndWritesNothing() {
        assertAccessDenied(() -> iamOnly.forScope(tenant("acme")).transactWriteItems(b -> b.transactItems(
                TransactWriteItem.builder().put(p -> p.tableName(fixture.table)
                        .item(item("TENANT#acme#TX", "A"))).build(),
                TransactWriteItem.builder().conditionCheck(c -> c.tableName(fixture.table)
                        .key(key("TENANT#beta#ORG", "ORG")).conditionExpression("attribute_exists(PK)")).build())));

        assertThat(platformHas("TENANT#acme#TX", "A")).isFalse();
    }

    @Test
    void batchGet_mixingTenants_withGuardOff_isDenied() {
        assertAccessDenied(() -> iamOnly.forScope(tenant("acme")).batchGetItem(b -> b.requestItems(Map.of(
                fixture.table, software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes.builder()
                        .keys(key("TENANT#acme#ORG", "ORG"), key("TENANT#beta#ORG", "ORG")).build()))));
    }

    @Test
    void scanAndTableActions_withTenantCredentials_areDeniedByIam() {
        DynamoDbClient raw = fixture.rawClient(credentials.forScope(tenant("acme")));

        assertAccessDenied(() -> raw.scan(b -> b.tableName(fixture.table)));
        assertAccessDenied(() -> raw.describeTable(b -> b.tableName(fixture.table)));
        assertAccessDenied(() -> raw.deleteTable(b -> b.tableName(fixture.table)));
        assertThat(fixture.platform.describeTable(b -> b.tableName(fixture.table)).table()).isNotNull();
        raw.close();
    }

    @Test
    void scan_onAScopedClient_cannotEvenBeAttempted() {
        assertThatThrownBy(() -> guarded.forScope(tenant("acme")).scan(b -> b.tableName(fixture.table)))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void queryOnIndex_keyedByAnotherTenant_withGuardOff_isDenied_ownIsAllowed() {
        DynamoDbClient acme = iamOnly.forScope(tenant("acme"));

        assertAccessDenied(() -> acme.query(b -> b.tableName(fixture.table).indexName("GSI1")
                .keyConditionExpression("GSI1PK = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("TENANT#beta#INVITATIONS#pending")))));
        assertThat(acme.query(b -> b.tableName(fixture.table).indexName("GSI1").keyConditionExpression("GSI1PK = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("TENANT#acme#INVITATIONS#pending"))))
                .count()).isZero();
    }

    @Test
    void putItem_plantingAnotherTenantsIndexKey_isRefusedByTheGuard() {
        Map<String, AttributeValue> plant = new java.util.HashMap<>(item("TENANT#acme#PLANT", "P"));
        plant.put("GSI1PK", AttributeValue.fromS("TENANT#beta#INVITATIONS#pending"));
        plant.put("GSI1SK", AttributeValue.fromS("x"));

        assertThatThrownBy(() -> guarded.forScope(tenant("acme")).putItem(b -> b.tableName(fixture.table).item(plant)))
                .isInstanceOf(IsolationViolationException.class);
        assertThat(platformHas("TENANT#acme#PLANT", "P")).isFalse();
    }

    private boolean platformHas(String pk, String sk) {
        return fixture.platform.getItem(b -> b.tableName(fixture.table).key(key(pk, sk)).consistentRead(true))
                .hasItem();
    }

    private static WriteRequest put(String pk, String sk) {
        return WriteRequest.builder().putRequest(p -> p.item(item(pk, sk))).build();
    }
}
