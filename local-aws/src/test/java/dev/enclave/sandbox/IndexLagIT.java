package dev.enclave.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.enclave.table.TableDesign;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Global secondary index reads lagging behind the table ({@code SandboxSettings.withIndexLag}), through the gateway
 * with real SDK clients. The sandbox's clock stands still unless a test moves it, so "within the lag" and "after the
 * lag" are decided by the test, never by timing.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IndexLagIT {

    private static final String TABLE = "index-lag";
    private static final Duration LAG = Duration.ofSeconds(10);
    private static final String BY_COLLECTION = TableDesign.BY_TENANT_COLLECTION.indexName();
    private static final String BY_OWED_WORK = TableDesign.BY_OWED_WORK.indexName();

    private SandboxClients clients;
    private DynamoDbClient db;

    @BeforeAll
    void start() {
        clients = new SandboxClients(TABLE, List.of(), settings -> settings.withIndexLag(LAG));
        db = clients.platform;
    }

    @AfterAll
    void stop() throws Exception {
        clients.close();
    }

    @Test
    void newItem_isHiddenFromIndexQueries_untilTheLagHasPassed_whileTableReadsSeeItAtOnce() {
        db.putItem(b -> b.tableName(TABLE).item(invitation("TENANT#new#", "1", "pending#1", "ada")));

        assertThat(names(byCollection("TENANT#new#INV"))).isEmpty();
        assertThat(db.getItem(b -> b.tableName(TABLE).key(SandboxClients.key("TENANT#new#", "INV#1"))
                .consistentRead(true)).hasItem()).isTrue();
        assertThat(db.query(b -> b.tableName(TABLE).keyConditionExpression("PK = :pk")
                .expressionAttributeValues(Map.of(":pk", s("TENANT#new#")))).count()).isEqualTo(1);

        clients.clock.advance(LAG.minusMillis(1));
        assertThat(names(byCollection("TENANT#new#INV"))).isEmpty();
        clients.clock.advance(Duration.ofMillis(1));
        assertThat(names(byCollection("TENANT#new#INV"))).containsExactly("ada");
    }

    @Test
    void changedItem_isSeenAsItWasBefore_whereItWas_untilTheLagHasPassed() {
        db.putItem(b -> b.tableName(TABLE).item(invitation("TENANT#chg#", "1", "pending#1", "old")));
        clients.clock.advance(LAG);

        db.updateItem(b -> b.tableName(TABLE).key(SandboxClients.key("TENANT#chg#", "INV#1"))
                .updateExpression("SET GSI1SK = :sk, #n = :n").expressionAttributeNames(Map.of("#n", "name"))
                .expressionAttributeValues(Map.of(":sk", s("accepted#1"), ":n", s("new"))));

        assertThat(names(byCollection("TENANT#chg#INV", "pending#"))).containsExactly("old");
        assertThat(names(byCollection("TENANT#chg#INV", "accepted#"))).isEmpty();
        clients.clock.advance(LAG);
        assertThat(names(byCollection("TENANT#chg#INV", "pending#"))).isEmpty();
        assertThat(names(byCollection("TENANT#chg#INV", "accepted#"))).containsExactly("new");
    }

    @Test
    void itemChangedTwice_isSeenAsItWasALagAgo() {
        db.putItem(b -> b.tableName(TABLE).item(invitation("TENANT#two#", "1", "pending#1", "v1")));
        clients.clock.advance(LAG);

        rename("TENANT#two#", "v2");
        clients.clock.advance(Duration.ofSeconds(6));
        rename("TENANT#two#", "v3");

        assertThat(names(byCollection("TENANT#two#INV"))).containsExactly("v1");
        clients.clock.advance(Duration.ofSeconds(5));
        assertThat(names(byCollection("TENANT#two#INV"))).containsExactly("v2");
        clients.clock.advance(Duration.ofSeconds(5));
        assertThat(names(byCollection("TENANT#two#INV"))).containsExactly("v3");
    }

    @Test
    void deletedItem_isStillSeen_untilTheLagHasPassed() {
        db.putItem(b -> b.tableName(TABLE).item(invitation("TENANT#del#", "1", "pending#1", "gone")));
        clients.clock.advance(LAG);

        db.deleteItem(b -> b.tableName(TABLE).key(SandboxClients.key("TENANT#del#", "INV#1")));

        assertThat(names(byCollection("TENANT#del#INV"))).containsExactly("gone");
        clients.clock.advance(LAG);
        assertThat(names(byCollection("TENANT#del#INV"))).isEmpty();
    }

    @Test
    void writesOfBatchesAndTransactions_lagToo() {
        db.putItem(b -> b.tableName(TABLE).item(invitation("TENANT#tx#", "1", "pending#1", "kept")));
        db.putItem(b -> b.tableName(TABLE).item(invitation("TENANT#tx#", "2", "pending#2", "removed")));
        clients.clock.advance(LAG);

        db.transactWriteItems(b -> b.transactItems(
                TransactWriteItem.builder().put(p -> p.tableName(TABLE)
                        .item(invitation("TENANT#tx#", "3", "pending#3", "added"))).build(),
                TransactWriteItem.builder().update(u -> u.tableName(TABLE)
                        .key(SandboxClients.key("TENANT#tx#", "INV#1")).updateExpression("SET #n = :n")
                        .expressionAttributeNames(Map.of("#n", "name"))
                        .expressionAttributeValues(Map.of(":n", s("renamed")))).build()));
        db.batchWriteItem(b -> b.requestItems(Map.of(TABLE, List.of(WriteRequest.builder()
                .deleteRequest(d -> d.key(SandboxClients.key("TENANT#tx#", "INV#2"))).build()))));

        assertThat(names(byCollection("TENANT#tx#INV"))).containsExactly("kept", "removed");
        clients.clock.advance(LAG);
        assertThat(names(byCollection("TENANT#tx#INV"))).containsExactly("renamed", "added");
    }

    @Test
    void pagesOfAQuery_keepOrderAndLimit_asTheIndexWasALagAgo() {
        for (int i = 1; i <= 6; i++) {
            String n = Integer.toString(i);
            db.putItem(b -> b.tableName(TABLE).item(invitation("TENANT#page#", n, "pending#" + n, "s" + n)));
        }
        clients.clock.advance(LAG);

        db.deleteItem(b -> b.tableName(TABLE).key(SandboxClients.key("TENANT#page#", "INV#2")));
        db.putItem(b -> b.tableName(TABLE).item(invitation("TENANT#page#", "7", "pending#4a", "new")));
        db.updateItem(b -> b.tableName(TABLE).key(SandboxClients.key("TENANT#page#", "INV#5"))
                .updateExpression("SET GSI1SK = :sk").expressionAttributeValues(Map.of(":sk", s("pending#0"))));

        List<List<String>> descending = pages("TENANT#page#INV", false, 2);
        List<List<String>> ascending = pages("TENANT#page#INV", true, 4);

        assertThat(descending.stream().flatMap(List::stream)).containsExactly("s6", "s5", "s4", "s3", "s2", "s1");
        assertThat(descending).allSatisfy(page -> assertThat(page).hasSizeLessThanOrEqualTo(2));
        assertThat(ascending.stream().flatMap(List::stream)).containsExactly("s1", "s2", "s3", "s4", "s5", "s6");
        assertThat(ascending).allSatisfy(page -> assertThat(page).hasSizeLessThanOrEqualTo(4));
    }

    @Test
    void keysOnlyIndex_showsTheOldEntry_withTheKeysAlone() {
        db.putItem(b -> b.tableName(TABLE).item(Map.of("PK", s("TENANT#owed#"), "SK", s("ORG"),
                "GSI3PK", s(TableDesign.OWED_WORK), "GSI3SK", s("2026-01-01T00:00:00Z#owed"), "name", s("org"))));
        clients.clock.advance(LAG);

        db.updateItem(b -> b.tableName(TABLE).key(SandboxClients.key("TENANT#owed#", "ORG"))
                .updateExpression("SET GSI3SK = :sk").expressionAttributeValues(Map.of(":sk",
                        s("2026-02-01T00:00:00Z#owed"))));

        List<Map<String, AttributeValue>> owed = db.query(b -> b.tableName(TABLE).indexName(BY_OWED_WORK)
                .keyConditionExpression("GSI3PK = :pk AND GSI3SK < :before")
                .expressionAttributeValues(Map.of(":pk", s(TableDesign.OWED_WORK), ":before",
                        s("2026-01-15")))).items();
        assertThat(owed).containsExactly(Map.of("PK", s("TENANT#owed#"), "SK", s("ORG"),
                "GSI3PK", s(TableDesign.OWED_WORK), "GSI3SK", s("2026-01-01T00:00:00Z#owed")));
    }

    @Test
    void scanOfAnIndex_lagsToo() {
        db.putItem(b -> b.tableName(TABLE).item(invitation("TENANT#scan#", "1", "pending#1", "scan-old")));
        clients.clock.advance(LAG);

        db.deleteItem(b -> b.tableName(TABLE).key(SandboxClients.key("TENANT#scan#", "INV#1")));
        db.putItem(b -> b.tableName(TABLE).item(invitation("TENANT#scan#", "2", "pending#2", "scan-new")));

        List<String> scanned = new ArrayList<>();
        Map<String, AttributeValue> from = null;
        do {
            Map<String, AttributeValue> start = from;
            var page = db.scan(b -> b.tableName(TABLE).indexName(BY_COLLECTION).limit(3).exclusiveStartKey(start));
            scanned.addAll(names(page.items()));
            from = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (from != null);
        assertThat(scanned).contains("scan-old").doesNotContain("scan-new");
    }

    @Test
    void filterOnALaggingIndex_isRefused_ratherThanAnsweredCurrent() {
        assertThatThrownBy(() -> db.query(b -> b.tableName(TABLE).indexName(BY_COLLECTION)
                .keyConditionExpression("GSI1PK = :pk").filterExpression("#n = :n")
                .expressionAttributeNames(Map.of("#n", "name"))
                .expressionAttributeValues(Map.of(":pk", s("TENANT#any#INV"), ":n", s("x")))))
                .isInstanceOfSatisfying(DynamoDbException.class, e -> {
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException");
                    assertThat(e.awsErrorDetails().errorMessage()).contains("index lag")
                            .contains("FilterExpression is not emulated");
                });
    }

    @Test
    void withoutALag_theDefault_indexReadsAreCurrent() throws Exception {
        try (SandboxClients current = new SandboxClients("index-no-lag", List.of())) {
            current.platform.putItem(b -> b.tableName("index-no-lag")
                    .item(invitation("TENANT#now#", "1", "pending#1", "at-once")));

            assertThat(current.sandbox.gateway().indexLag().duration()).isZero();
            assertThat(names(current.platform.query(b -> b.tableName("index-no-lag").indexName(BY_COLLECTION)
                    .keyConditionExpression("GSI1PK = :pk")
                    .expressionAttributeValues(Map.of(":pk", s("TENANT#now#INV")))).items()))
                    .containsExactly("at-once");
        }
    }

    private void rename(String tenantPrefix, String name) {
        db.updateItem(b -> b.tableName(TABLE).key(SandboxClients.key(tenantPrefix, "INV#1"))
                .updateExpression("SET #n = :n").expressionAttributeNames(Map.of("#n", "name"))
                .expressionAttributeValues(Map.of(":n", s(name))));
    }

    private List<Map<String, AttributeValue>> byCollection(String partition) {
        return db.query(b -> b.tableName(TABLE).indexName(BY_COLLECTION).keyConditionExpression("#pk = :pk")
                .expressionAttributeNames(Map.of("#pk", "GSI1PK"))
                .expressionAttributeValues(Map.of(":pk", s(partition)))).items();
    }

    private List<Map<String, AttributeValue>> byCollection(String partition, String sortPrefix) {
        return db.query(b -> b.tableName(TABLE).indexName(BY_COLLECTION)
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :prefix)")
                .expressionAttributeNames(Map.of("#pk", "GSI1PK", "#sk", "GSI1SK"))
                .expressionAttributeValues(Map.of(":pk", s(partition), ":prefix", s(sortPrefix)))).items();
    }

    /** Every page of a query of {@code partition}, following LastEvaluatedKey, as the names on each page. */
    private List<List<String>> pages(String partition, boolean forward, int limit) {
        List<List<String>> pages = new ArrayList<>();
        Map<String, AttributeValue> from = null;
        do {
            Map<String, AttributeValue> start = from;
            QueryResponse page = db.query(b -> b.tableName(TABLE).indexName(BY_COLLECTION)
                    .keyConditionExpression("GSI1PK = :pk").expressionAttributeValues(Map.of(":pk", s(partition)))
                    .scanIndexForward(forward).limit(limit).exclusiveStartKey(start));
            pages.add(names(page.items()));
            from = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (from != null);
        return pages;
    }

    /** An invitation-like item of a tenant's collection on byTenantCollection: {@code <tenant>INV} / the sort key. */
    private static Map<String, AttributeValue> invitation(String tenantPrefix, String id, String sortKey,
                                                          String name) {
        Map<String, AttributeValue> item = new HashMap<>(SandboxClients.key(tenantPrefix, "INV#" + id));
        item.put("GSI1PK", s(tenantPrefix + "INV"));
        item.put("GSI1SK", s(sortKey));
        item.put("name", s(name));
        return item;
    }

    private static List<String> names(List<Map<String, AttributeValue>> items) {
        return items.stream().map(item -> item.get("name").s()).toList();
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }
}
