package dev.enclave.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Capacity;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Consumed capacity as the local stack reports it, through the gateway with real SDK clients, against figures worked
 * out by hand from DynamoDB's documented rules (see the gateway's {@code WriteCapacity}): items are built to an
 * exact size (ASCII names and string values, one byte a character), a write unit is 1 KB of the larger image
 * rounded up per item, a transaction charges the table twice that, an index is charged once on the change to its
 * entry. The table is Enclave's: GSI1 projects every attribute, GSI3 only the keys.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConsumedCapacityIT {

    private static final String TABLE = "consumed-capacity";

    private SandboxClients clients;
    private DynamoDbClient db;

    @BeforeAll
    void start() {
        clients = new SandboxClients(TABLE, List.of());
        db = clients.platform;
    }

    @AfterAll
    void stop() throws Exception {
        clients.close();
    }

    @Test
    void transactionOfUpdates_costsTwoUnitsPerItem_whetherOfOneTenOrNinetyNineItems() {
        for (int items : List.of(1, 10, 99)) {
            List<TransactWriteItem> updates = new ArrayList<>();
            for (int i = 0; i < items; i++) {
                String sk = "M#" + items + "#" + i;
                updates.add(TransactWriteItem.builder().update(u -> u.tableName(TABLE)
                        .key(SandboxClients.key("TENANT#tx#", sk)).updateExpression("SET v = :v")
                        .expressionAttributeValues(Map.of(":v", s("x")))).build());
            }

            List<ConsumedCapacity> consumed = db.transactWriteItems(b -> b.transactItems(updates)
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity();

            assertThat(consumed).singleElement().satisfies(table -> {
                assertThat(table.tableName()).isEqualTo(TABLE);
                assertThat(table.capacityUnits()).as("%d items", items).isEqualTo(2.0 * items);
                assertThat(table.writeCapacityUnits()).isEqualTo(2.0 * items);
            });
        }
    }

    @Test
    void transaction_chargesEachActionOnItsItem_andAnIndexOnceOnItsEntry() {
        put(sized("TENANT#mix#", "CHECKED", 1500));
        put(sized("TENANT#mix#", "DELETED", 2500));
        put(sized("TENANT#mix#", "UPDATED", 900));
        Map<String, AttributeValue> added = sized("TENANT#mix#", "ADDED", 3000, "GSI1PK", "TENANT#mix#C",
                "GSI1SK", "1");
        // UPDATED grows from 900 to 1,300 bytes: d (1 + 877 characters) becomes d (1 + 1,277)
        String grown = "y".repeat(900 - (2 + 11) - (2 + 7) - 1 + 400);

        ConsumedCapacity consumed = db.transactWriteItems(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                .transactItems(
                        TransactWriteItem.builder().put(p -> p.tableName(TABLE).item(added)).build(),
                        TransactWriteItem.builder().conditionCheck(c -> c.tableName(TABLE)
                                .key(SandboxClients.key("TENANT#mix#", "CHECKED"))
                                .conditionExpression("attribute_exists(PK)")).build(),
                        TransactWriteItem.builder().delete(d -> d.tableName(TABLE)
                                .key(SandboxClients.key("TENANT#mix#", "DELETED"))).build(),
                        TransactWriteItem.builder().update(u -> u.tableName(TABLE)
                                .key(SandboxClients.key("TENANT#mix#", "UPDATED")).updateExpression("SET d = :d")
                                .expressionAttributeValues(Map.of(":d", s(grown)))).build()))
                .consumedCapacity().get(0);

        // table: put 2 x 3, check 2 x 2 (1,500 B), delete 2 x 3 (2,500 B), update 2 x 2 (1,300 B) = 20
        // GSI1: the added item's entry, the whole item (ALL): 3,000 B = 3, not doubled
        assertThat(consumed.table()).isEqualTo(Capacity.builder().capacityUnits(20.0).writeCapacityUnits(20.0)
                .build());
        assertThat(consumed.globalSecondaryIndexes()).containsExactlyEntriesOf(Map.of("GSI1",
                Capacity.builder().capacityUnits(3.0).writeCapacityUnits(3.0).build()));
        assertThat(consumed.capacityUnits()).isEqualTo(23.0);
    }

    @Test
    void batchWrite_chargesEachItemAsItsPutOrDelete_aMissingItemsDeleteOneUnit() {
        put(sized("TENANT#batch#", "OVERWRITTEN", 3000));
        put(sized("TENANT#batch#", "INDEXED", 1500, "GSI1PK", "TENANT#batch#C", "GSI1SK", "1"));

        ConsumedCapacity consumed = db.batchWriteItem(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                .requestItems(Map.of(TABLE, List.of(
                        WriteRequest.builder().putRequest(p -> p.item(sized("TENANT#batch#", "OVERWRITTEN", 100)))
                                .build(),
                        WriteRequest.builder().deleteRequest(d -> d.key(SandboxClients.key("TENANT#batch#",
                                "NEVER-WRITTEN"))).build(),
                        WriteRequest.builder().deleteRequest(d -> d.key(SandboxClients.key("TENANT#batch#",
                                "INDEXED"))).build()))))
                .consumedCapacity().get(0);

        // table: overwrite 3 (the larger, 3,000 B), delete of nothing 1, delete 2 (1,500 B) = 6; GSI1: delete 2
        assertThat(consumed.table()).isEqualTo(Capacity.builder().capacityUnits(6.0).build());
        assertThat(consumed.globalSecondaryIndexes()).containsExactlyEntriesOf(Map.of("GSI1",
                Capacity.builder().capacityUnits(2.0).build()));
        assertThat(consumed.capacityUnits()).isEqualTo(8.0);
    }

    @Test
    void singleWrites_areChargedOnTheLargerImage() {
        put(sized("TENANT#single#", "SHRUNK", 3000));
        put(sized("TENANT#single#", "GROWN", 500));
        put(sized("TENANT#single#", "DELETED", 2500));

        double shrunk = db.putItem(b -> b.tableName(TABLE).item(sized("TENANT#single#", "SHRUNK", 100))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity().capacityUnits();
        double grown = db.updateItem(b -> b.tableName(TABLE).key(SandboxClients.key("TENANT#single#", "GROWN"))
                .updateExpression("SET e = :e").expressionAttributeValues(Map.of(":e", s("z".repeat(2000))))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity().capacityUnits();
        double deleted = db.deleteItem(b -> b.tableName(TABLE).key(SandboxClients.key("TENANT#single#", "DELETED"))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity().capacityUnits();
        double nothing = db.deleteItem(b -> b.tableName(TABLE).key(SandboxClients.key("TENANT#single#", "NONE"))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity().capacityUnits();

        assertThat(shrunk).isEqualTo(3.0);   // 3,000 B before, 100 B after
        assertThat(grown).isEqualTo(3.0);    // 500 B before, 500 + 1 + 2,000 B after
        assertThat(deleted).isEqualTo(3.0);  // 2,500 B
        assertThat(nothing).isEqualTo(1.0);
    }

    @Test
    void singleWrites_chargeAnIndexOnTheChangeToItsEntry() {
        put(sized("TENANT#idx#", "MOVED", 1500, "GSI1PK", "TENANT#idx#C", "GSI1SK", "1"));
        put(sized("TENANT#idx#", "KEYS", 1500, "GSI3PK", "WORK#owed#", "GSI3SK", "1"));

        ConsumedCapacity moved = db.updateItem(b -> b.tableName(TABLE)
                .key(SandboxClients.key("TENANT#idx#", "MOVED")).updateExpression("SET GSI1SK = :sk")
                .expressionAttributeValues(Map.of(":sk", s("2")))
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)).consumedCapacity();
        ConsumedCapacity outsideKeys = db.updateItem(b -> b.tableName(TABLE)
                .key(SandboxClients.key("TENANT#idx#", "KEYS")).updateExpression("SET d = :d")
                .expressionAttributeValues(Map.of(":d", s("short")))
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)).consumedCapacity();

        // moved: table 2 (1,500 B); GSI1 a delete and a put of the 1,500 B entry: 2 + 2
        assertThat(moved.table().capacityUnits()).isEqualTo(2.0);
        assertThat(moved.globalSecondaryIndexes()).containsExactlyEntriesOf(Map.of("GSI1",
                Capacity.builder().capacityUnits(4.0).build()));
        // a non-key attribute of an item in the keys-only GSI3 alone: the table only, 2 (1,500 B before)
        assertThat(outsideKeys.table().capacityUnits()).isEqualTo(2.0);
        assertThat(outsideKeys.hasGlobalSecondaryIndexes()).isFalse();
    }

    @Test
    void transactionalReads_costTwoUnitsPerFourKilobytes_aMissingItemTwo() {
        put(sized("TENANT#read#", "BIG", 5000));

        List<ConsumedCapacity> consumed = db.transactGetItems(b -> b
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).transactItems(
                        TransactGetItem.builder().get(g -> g.tableName(TABLE)
                                .key(SandboxClients.key("TENANT#read#", "BIG"))).build(),
                        TransactGetItem.builder().get(g -> g.tableName(TABLE)
                                .key(SandboxClients.key("TENANT#read#", "NONE"))).build())).consumedCapacity();

        // 5,000 B rounds up to 8 KB: 2 x 2; the missing item 2 x 1
        assertThat(consumed).singleElement().satisfies(table -> assertThat(table.capacityUnits()).isEqualTo(6.0));
    }

    private void put(Map<String, AttributeValue> item) {
        db.putItem(b -> b.tableName(TABLE).item(item));
    }

    /**
     * An item of exactly {@code bytes}: PK and SK, the given string attributes, and {@code d} padded to the size.
     * Every name and value is ASCII, so each character is one byte.
     */
    private static Map<String, AttributeValue> sized(String pk, String sk, int bytes, String... attributes) {
        Map<String, AttributeValue> item = new LinkedHashMap<>(SandboxClients.key(pk, sk));
        int size = "PK".length() + pk.length() + "SK".length() + sk.length();
        for (int i = 0; i < attributes.length; i += 2) {
            item.put(attributes[i], s(attributes[i + 1]));
            size += attributes[i].length() + attributes[i + 1].length();
        }
        item.put("d", s("x".repeat(bytes - size - "d".length())));
        return item;
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }
}
