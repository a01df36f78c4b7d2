package dev.enclave.tenancy.credentials;

import static dev.enclave.tenancy.support.SandboxFixture.assertAccessDenied;
import static dev.enclave.tenancy.support.SandboxFixture.key;
import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.iam.policy.Access;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.tenancy.support.SandboxFixture;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeAction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValueUpdate;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Credentials that leave Enclave ({@link HandedOutCredentials}), used with real SDK clients against the sandbox
 * gateway and no guard: every known way to reach beyond the tenant's data namespace — planting index keys, writing
 * the control partition, reading through an index, another tenant or another incarnation — is refused by IAM with
 * {@code AccessDeniedException} and changes nothing, while the tenant's own data-namespace operations all work.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HandedOutCredentialsIT {

    private static final TenantId ACME = TenantId.of("acme");
    private static final Incarnation CURRENT = new Incarnation("k3j9");
    private static final Incarnation FORMER = new Incarnation("old1");
    private static final String OWN = "TENANT#acme#DATA#k3j9#";
    private static final String CONTROL = "TENANT#acme#";

    private SandboxFixture fixture;
    private HandedOutCredentials handedOut;
    private DynamoDbClient acme;
    private DynamoDbClient acmeReader;

    @BeforeAll
    void start() {
        fixture = new SandboxFixture("handed-out");
        handedOut = fixture.handedOutCredentials();
        acme = fixture.clientWith(handedOut.cached(ACME, CURRENT, Access.READ_WRITE));
        acmeReader = fixture.clientWith(handedOut.cached(ACME, CURRENT, Access.READ));
        fixture.platform.putItem(b -> b.tableName(fixture.table).item(with(key(CONTROL, "MEMBER#x"),
                "role", s("member"))));
        fixture.platform.putItem(b -> b.tableName(fixture.table).item(with(with(key(CONTROL, "ORG"),
                "status", s("active")), "seats", AttributeValue.fromN("5"))));
        fixture.platform.putItem(b -> b.tableName(fixture.table).item(key("TENANT#globex#DATA#k3j9#doc", "1")));
        fixture.platform.putItem(b -> b.tableName(fixture.table).item(key("TENANT#acme#DATA#old1#doc", "1")));
    }

    @AfterAll
    void stop() {
        acme.close();
        acmeReader.close();
        handedOut.close();
        fixture.close();
    }

    @Test
    void ownDataNamespace_singleItemOperations_work() {
        acme.putItem(b -> b.tableName(fixture.table).item(with(key(OWN + "single", "1"), "title", s("draft"))));
        acme.updateItem(b -> b.tableName(fixture.table).key(key(OWN + "single", "1"))
                .updateExpression("SET #t = :t").expressionAttributeNames(Map.of("#t", "title"))
                .expressionAttributeValues(Map.of(":t", s("final"))));

        assertThat(acme.getItem(b -> b.tableName(fixture.table).key(key(OWN + "single", "1"))).item().get("title"))
                .isEqualTo(s("final"));
        assertThat(acme.query(b -> b.tableName(fixture.table).keyConditionExpression("PK = :pk")
                .expressionAttributeValues(Map.of(":pk", s(OWN + "single")))).count()).isEqualTo(1);
        acme.deleteItem(b -> b.tableName(fixture.table).key(key(OWN + "single", "1")));
        assertThat(stored(OWN + "single", "1")).isFalse();
    }

    @Test
    void ownDataNamespace_batchesAndTransactions_work() {
        acme.batchWriteItem(b -> b.requestItems(Map.of(fixture.table, List.of(put(key(OWN + "batch", "1")),
                put(key(OWN + "batch", "2"))))));
        assertThat(acme.batchGetItem(b -> b.requestItems(Map.of(fixture.table, KeysAndAttributes.builder()
                .keys(key(OWN + "batch", "1"), key(OWN + "batch", "2")).build()))).responses().get(fixture.table))
                .hasSize(2);

        acme.transactWriteItems(b -> b.transactItems(
                TransactWriteItem.builder().put(p -> p.tableName(fixture.table).item(key(OWN + "tx", "1"))).build(),
                TransactWriteItem.builder().update(u -> u.tableName(fixture.table).key(key(OWN + "tx", "2"))
                        .updateExpression("SET #n = :n").expressionAttributeNames(Map.of("#n", "note"))
                        .expressionAttributeValues(Map.of(":n", s("x")))).build(),
                TransactWriteItem.builder().conditionCheck(c -> c.tableName(fixture.table)
                        .key(key(OWN + "batch", "1")).conditionExpression("attribute_exists(PK)")).build(),
                TransactWriteItem.builder().delete(d -> d.tableName(fixture.table).key(key(OWN + "batch", "2")))
                        .build()));

        assertThat(acme.transactGetItems(b -> b.transactItems(
                TransactGetItem.builder().get(g -> g.tableName(fixture.table).key(key(OWN + "tx", "1"))).build(),
                TransactGetItem.builder().get(g -> g.tableName(fixture.table).key(key(OWN + "tx", "2"))).build()))
                .responses()).allSatisfy(response -> assertThat(response.hasItem()).isTrue());
        assertThat(stored(OWN + "batch", "2")).isFalse();
    }

    @Test
    void putItem_plantingAnotherTenantsInvitationIndexKey_isRefused_whileTheSameItemWithoutItIsWritten() {
        Map<String, AttributeValue> plant = with(key(OWN + "plant", "1"), "GSI1PK",
                s("TENANT#globex#INVITATIONS#pending"));

        refused("PutItem", () -> acme.putItem(b -> b.tableName(fixture.table).item(plant)));
        assertThat(stored(OWN + "plant", "1")).isFalse();

        acme.putItem(b -> b.tableName(fixture.table).item(key(OWN + "plant", "1")));
        assertThat(stored(OWN + "plant", "1")).isTrue();
    }

    @Test
    void putItem_plantingAUsersIndexKey_isRefused() {
        String victim = UserKey.of("https://issuer.example", "victim").prefix().value();

        refused("PutItem", () -> acme.putItem(b -> b.tableName(fixture.table)
                .item(with(with(key(OWN + "user", "1"), "GSI2PK", s(victim)), "GSI2SK", s("ORG#globex")))));
        assertThat(stored(OWN + "user", "1")).isFalse();
    }

    @Test
    void updateItem_settingAnIndexKeyThroughAnAlias_isRefused() {
        acme.putItem(b -> b.tableName(fixture.table).item(key(OWN + "alias", "1")));

        refused("UpdateItem", () -> acme.updateItem(b -> b.tableName(fixture.table).key(key(OWN + "alias", "1"))
                .updateExpression("SET #g = :v").expressionAttributeNames(Map.of("#g", "GSI2PK"))
                .expressionAttributeValues(Map.of(":v", s("USER#someone#")))));
        assertThat(storedItem(OWN + "alias", "1")).doesNotContainKey("GSI2PK");
    }

    @Test
    void updateItem_settingAnIndexKeyWithLegacyAttributeUpdates_isRefused() {
        acme.putItem(b -> b.tableName(fixture.table).item(key(OWN + "legacy", "1")));

        refused("UpdateItem", () -> acme.updateItem(b -> b.tableName(fixture.table).key(key(OWN + "legacy", "1"))
                .attributeUpdates(Map.of("GSI1SK", AttributeValueUpdate.builder().action(AttributeAction.PUT)
                        .value(s("INVITATION#planted")).build()))));
        assertThat(storedItem(OWN + "legacy", "1")).doesNotContainKey("GSI1SK");
    }

    @Test
    void batchWriteItem_whoseSecondItemNamesAnIndexKey_isRefusedAndWritesNothing() {
        refused("BatchWriteItem", () -> acme.batchWriteItem(b -> b.requestItems(Map.of(fixture.table, List.of(
                put(key(OWN + "mixed", "1")),
                put(with(key(OWN + "mixed", "2"), "GSI1PK", s("TENANT#globex#INVITATIONS#pending"))))))));

        assertThat(stored(OWN + "mixed", "1")).isFalse();
        assertThat(stored(OWN + "mixed", "2")).isFalse();
    }

    @Test
    void transactWriteItems_withAPutNamingAnIndexKey_isRefusedAndWritesNothing() {
        refused("TransactWriteItems", () -> acme.transactWriteItems(b -> b.transactItems(
                TransactWriteItem.builder().put(p -> p.tableName(fixture.table).item(key(OWN + "txplant", "1")))
                        .build(),
                TransactWriteItem.builder().put(p -> p.tableName(fixture.table)
                        .item(with(key(OWN + "txplant", "2"), "GSI2SK", s("TENANT#globex#")))).build())));

        assertThat(stored(OWN + "txplant", "1")).isFalse();
        assertThat(stored(OWN + "txplant", "2")).isFalse();
    }

    @Test
    void controlPartition_membershipAndOrganisationUpdates_areRefused() {
        refused("UpdateItem", () -> acme.updateItem(b -> b.tableName(fixture.table).key(key(CONTROL, "MEMBER#x"))
                .updateExpression("SET #r = :owner").expressionAttributeNames(Map.of("#r", "role"))
                .expressionAttributeValues(Map.of(":owner", s("owner")))));
        refused("UpdateItem", () -> acme.updateItem(b -> b.tableName(fixture.table).key(key(CONTROL, "ORG"))
                .updateExpression("SET #s = :s, seats = :n").expressionAttributeNames(Map.of("#s", "status"))
                .expressionAttributeValues(Map.of(":s", s("active"), ":n", AttributeValue.fromN("10000")))));

        assertThat(storedItem(CONTROL, "MEMBER#x").get("role")).isEqualTo(s("member"));
        assertThat(storedItem(CONTROL, "ORG").get("seats")).isEqualTo(AttributeValue.fromN("5"));
    }

    @Test
    void queryOnEitherIndex_isRefused_evenKeyedInsideTheDataNamespace() {
        refused("Query", () -> acme.query(b -> b.tableName(fixture.table).indexName("GSI1")
                .keyConditionExpression("GSI1PK = :pk").expressionAttributeValues(Map.of(":pk", s(OWN + "x")))));
        refused("Query", () -> acme.query(b -> b.tableName(fixture.table).indexName("GSI2")
                .keyConditionExpression("GSI2PK = :pk").expressionAttributeValues(Map.of(":pk", s(OWN + "x")))));
    }

    @Test
    void readsOfAnotherTenantOrTheFormerIncarnation_areRefused() {
        refused("GetItem", () -> acme.getItem(b -> b.tableName(fixture.table)
                .key(key("TENANT#globex#DATA#k3j9#doc", "1"))));
        refused("GetItem", () -> acme.getItem(b -> b.tableName(fixture.table)
                .key(key("TENANT#acme#DATA#" + FORMER.value() + "#doc", "1"))));
        refused("Query", () -> acme.query(b -> b.tableName(fixture.table).keyConditionExpression("PK = :pk")
                .expressionAttributeValues(Map.of(":pk", s("TENANT#acme#DATA#" + FORMER.value() + "#doc")))));
        refused("GetItem", () -> acme.getItem(b -> b.tableName(fixture.table).key(key(CONTROL, "ORG"))));
    }

    @Test
    void readCredentials_readTheDataNamespace_butCannotWriteIt() {
        acme.putItem(b -> b.tableName(fixture.table).item(key(OWN + "readonly", "1")));

        assertThat(acmeReader.getItem(b -> b.tableName(fixture.table).key(key(OWN + "readonly", "1"))).hasItem())
                .isTrue();
        refused("PutItem", () -> acmeReader.putItem(b -> b.tableName(fixture.table).item(key(OWN + "ro", "1"))));
        refused("UpdateItem", () -> acmeReader.updateItem(b -> b.tableName(fixture.table)
                .key(key(OWN + "readonly", "1")).updateExpression("SET #t = :t")
                .expressionAttributeNames(Map.of("#t", "title")).expressionAttributeValues(Map.of(":t", s("x")))));
        refused("DeleteItem", () -> acmeReader.deleteItem(b -> b.tableName(fixture.table)
                .key(key(OWN + "readonly", "1"))));
        refused("BatchWriteItem", () -> acmeReader.batchWriteItem(b -> b.requestItems(Map.of(fixture.table,
                List.of(put(key(OWN + "ro", "2")))))));
        assertThat(stored(OWN + "readonly", "1")).isTrue();
        assertThat(stored(OWN + "ro", "1")).isFalse();
    }

    @Test
    void cached_calledRepeatedly_assumesTheRoleOnce_andHasAnExpiration() {
        TenantId initech = TenantId.of("initech");
        int before = fixture.sandbox.sts().assumeRoleCount();

        IssuedCredentials first = handedOut.cached(initech, CURRENT, Access.READ_WRITE);
        IssuedCredentials again = handedOut.cached(initech, CURRENT, Access.READ_WRITE);
        handedOut.cached(initech, CURRENT, Access.READ_WRITE);

        assertThat(fixture.sandbox.sts().assumeRoleCount()).isEqualTo(before + 1);
        assertThat(again.accessKeyId()).isEqualTo(first.accessKeyId());
        assertThat(first.expiration()).isAfter(fixture.clock.instant().plus(handedOut.settings().staleBefore()));
    }

    @Test
    void fresh_isUncached_for900Seconds_andConfinedLikeTheCachedOnes() {
        int before = fixture.sandbox.sts().assumeRoleCount();

        IssuedCredentials fresh = handedOut.fresh(ACME, CURRENT, Access.READ_WRITE, "alice@example.com");
        handedOut.fresh(ACME, CURRENT, Access.READ_WRITE, "alice@example.com");

        assertThat(fixture.sandbox.sts().assumeRoleCount()).isEqualTo(before + 2);
        assertThat(Duration.between(fixture.clock.instant(), fresh.expiration()))
                .isBetween(Duration.ofSeconds(899), Duration.ofSeconds(900));
        try (DynamoDbClient client = fixture.clientWith(fresh)) {
            client.putItem(b -> b.tableName(fixture.table).item(key(OWN + "fresh", "1")));
            refused("PutItem", () -> client.putItem(b -> b.tableName(fixture.table)
                    .item(with(key(OWN + "fresh", "2"), "GSI1PK", s("TENANT#globex#INVITATIONS#pending")))));
        }
        assertThat(stored(OWN + "fresh", "1")).isTrue();
    }

    /** Refused by the gateway's IAM check, counted as a denial of {@code operation}. */
    private void refused(String operation, ThrowingCallable call) {
        long before = fixture.sandbox.gateway().deniedCount(operation);
        assertAccessDenied(call);
        assertThat(fixture.sandbox.gateway().deniedCount(operation)).isEqualTo(before + 1);
    }

    private boolean stored(String pk, String sk) {
        return !storedItem(pk, sk).isEmpty();
    }

    private Map<String, AttributeValue> storedItem(String pk, String sk) {
        return fixture.platform.getItem(b -> b.tableName(fixture.table).key(key(pk, sk)).consistentRead(true)).item();
    }

    private static Map<String, AttributeValue> with(Map<String, AttributeValue> item, String name,
                                                    AttributeValue value) {
        Map<String, AttributeValue> copy = new HashMap<>(item);
        copy.put(name, value);
        return copy;
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    private static WriteRequest put(Map<String, AttributeValue> item) {
        return WriteRequest.builder().putRequest(p -> p.item(item)).build();
    }
}
