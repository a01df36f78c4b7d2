package dev.enclave.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

/**
 * Transactions conflicting as on DynamoDB ({@code SandboxSettings.withTransactionConflicts}), through the gateway
 * with real SDK clients: the SDK reads the sandbox's answers as the exceptions DynamoDB's raise, and a refused
 * request changed nothing. The first transaction holds its items for seconds, so the test sees it in flight.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TransactionConflictsIT {

    private static final String TABLE = "transaction-conflicts";
    private static final Duration HOLD = Duration.ofSeconds(3);

    private SandboxClients clients;
    private DynamoDbClient db;

    @BeforeAll
    void start() {
        clients = new SandboxClients(TABLE, List.of(), settings -> settings.withTransactionConflicts(
                Optional.of(HOLD)));
        db = clients.platform;
    }

    @AfterAll
    void stop() throws Exception {
        clients.close();
    }

    @Test
    void whileATransactionHoldsItsItems_othersOnThemAreRefusedAsDynamoDbRefusesThem_andChangeNothing() {
        CompletableFuture<Void> first = CompletableFuture.runAsync(() -> db.transactWriteItems(b -> b.transactItems(
                put("held", "first"))));
        awaitHeld("held");

        assertThatThrownBy(() -> db.transactWriteItems(b -> b.transactItems(put("free", "second"),
                put("held", "second")))).isInstanceOfSatisfying(TransactionCanceledException.class, e ->
                assertThat(e.cancellationReasons()).extracting(CancellationReason::code)
                        .containsExactly("None", "TransactionConflict"));
        assertThatThrownBy(() -> db.putItem(b -> b.tableName(TABLE).item(item("held", "single"))))
                .isInstanceOf(TransactionConflictException.class);
        db.transactWriteItems(b -> b.transactItems(put("other", "third")));
        first.join();

        assertThat(name("held")).contains("first");
        assertThat(name("free")).as("the cancelled transaction wrote nothing").isEmpty();
        assertThat(name("other")).contains("third");
        assertThat(clients.sandbox.gateway().transactionConflicts().refused()).isGreaterThanOrEqualTo(3);
        assertThat(db.getItem(b -> b.tableName(TABLE).key(key("held")).consistentRead(true)).item())
                .doesNotContainKey("probed");
        db.transactWriteItems(b -> b.transactItems(put("held", "after")));
        assertThat(name("held")).contains("after");
    }

    /**
     * Probes the item with an update whose condition always fails (so it changes nothing and, being no transaction,
     * holds nothing) until a transaction holds the item.
     */
    private void awaitHeld(String sortKey) {
        await("the first transaction holding its item").atMost(HOLD).pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(5)).until(() -> held(sortKey));
    }

    private boolean held(String sortKey) {
        try {
            db.updateItem(b -> b.tableName(TABLE).key(key(sortKey)).updateExpression("SET probed = :t")
                    .conditionExpression("attribute_exists(never)")
                    .expressionAttributeValues(Map.of(":t", AttributeValue.fromBool(true))));
            throw new AssertionError("an update whose condition cannot hold went through");
        } catch (TransactionConflictException held) {
            return true;
        } catch (ConditionalCheckFailedException notYet) {
            return false;
        }
    }

    private Optional<String> name(String sortKey) {
        Map<String, AttributeValue> item = db.getItem(b -> b.tableName(TABLE).key(key(sortKey)).consistentRead(true))
                .item();
        return item.isEmpty() ? Optional.empty() : Optional.of(item.get("name").s());
    }

    private static TransactWriteItem put(String sortKey, String name) {
        return TransactWriteItem.builder().put(p -> p.tableName(TABLE).item(item(sortKey, name))).build();
    }

    private static Map<String, AttributeValue> item(String sortKey, String name) {
        return Map.of("PK", AttributeValue.fromS("TENANT#t#"), "SK", AttributeValue.fromS(sortKey),
                "name", AttributeValue.fromS(name));
    }

    private static Map<String, AttributeValue> key(String sortKey) {
        return Map.of("PK", AttributeValue.fromS("TENANT#t#"), "SK", AttributeValue.fromS(sortKey));
    }
}
