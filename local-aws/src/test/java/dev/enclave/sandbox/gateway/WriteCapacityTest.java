package dev.enclave.sandbox.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.enclave.sandbox.gateway.ItemWrite.Kind;
import dev.enclave.sandbox.gateway.TableKeys.IndexKeys;
import dev.enclave.sandbox.gateway.TableKeys.IndexProjection;
import dev.enclave.sandbox.gateway.TableKeys.KeyAttributes;
import dev.enclave.sandbox.gateway.WriteCapacity.ItemCharge;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Write charges worked out by hand from the rules {@link WriteCapacity} cites: 1 unit per KB of the larger image,
 * rounded up per item; twice that for the table in a transaction; an index charged on the change to its entry.
 * Items are built to an exact size (names and string values, one byte a character).
 */
class WriteCapacityTest {

    private static final TableKeys TABLE = new TableKeys("t", new KeyAttributes("PK", Optional.of("SK")), List.of(
            new IndexKeys("GSI1", true, new KeyAttributes("GSI1PK", Optional.of("GSI1SK")), IndexProjection.ALL),
            new IndexKeys("GSI3", true, new KeyAttributes("GSI3PK", Optional.of("GSI3SK")),
                    IndexProjection.KEYS_ONLY)));

    @Test
    void transactionalPut_ofANewItemOutsideEveryIndex_costsTwoUnitsPerKilobyte_forTheTableOnly() {
        ItemCharge charge = charge(Kind.PUT, Optional.empty(), Optional.of(item("a", 3000)), true);

        assertThat(charge.tableUnits()).isEqualTo(2 * 3);
        assertThat(charge.globalIndexes()).isEmpty();
    }

    @Test
    void transactionalUpdate_isChargedOnTheLargerImage_andDeleteOnTheDeletedItem() {
        assertThat(charge(Kind.UPDATE, Optional.of(item("a", 900)), Optional.of(item("a", 1200)), true)
                .tableUnits()).isEqualTo(2 * 2);
        assertThat(charge(Kind.UPDATE, Optional.of(item("a", 2100)), Optional.of(item("a", 100)), true)
                .tableUnits()).isEqualTo(2 * 3);
        assertThat(charge(Kind.DELETE, Optional.of(item("a", 2500)), Optional.empty(), true).tableUnits())
                .isEqualTo(2 * 3);
        assertThat(charge(Kind.DELETE, Optional.empty(), Optional.empty(), true).tableUnits()).isEqualTo(2 * 1);
    }

    @Test
    void conditionCheck_costsTwoUnitsPerKilobyteOfTheCheckedItem_andNothingOnItsIndexes() {
        ObjectNode checked = withGsi1(item("a", 1500), "X");

        ItemCharge charge = charge(Kind.CHECK, Optional.of(checked), Optional.empty(), true);

        assertThat(charge.tableUnits()).isEqualTo(2 * 2);
        assertThat(charge.globalIndexes()).isEmpty();
    }

    @Test
    void putIntoAnAllProjectionIndex_chargesTheIndexOnceOnTheWholeItem_notDoubledInATransaction() {
        ObjectNode item = withGsi1(item("a", 1500), "X");

        ItemCharge charge = charge(Kind.PUT, Optional.empty(), Optional.of(item), true);

        assertThat(charge.tableUnits()).isEqualTo(2 * 2);
        assertThat(charge.globalIndexes()).containsExactlyEntriesOf(Map.of("GSI1", 2.0));
    }

    @Test
    void movingAnIndexKey_chargesADeleteAndAPut_eachOnItsOwnImage() {
        ObjectNode before = withGsi1(item("a", 1500), "X");
        ObjectNode after = withGsi1(item("a", 400), "Y");

        ItemCharge charge = charge(Kind.UPDATE, Optional.of(before), Optional.of(after), false);

        assertThat(charge.tableUnits()).isEqualTo(2);
        assertThat(charge.globalIndexes()).containsExactlyEntriesOf(Map.of("GSI1", 2.0 + 1.0));
    }

    @Test
    void changingANonKeyAttribute_chargesAnAllIndexOnTheLargerEntry_andAKeysOnlyIndexNothing() {
        ObjectNode before = withGsi3(withGsi1(item("a", 2100), "X"));
        ObjectNode after = withGsi3(withGsi1(item("a", 200), "X"));

        ItemCharge charge = charge(Kind.UPDATE, Optional.of(before), Optional.of(after), false);

        assertThat(charge.globalIndexes()).containsExactlyEntriesOf(Map.of("GSI1", 3.0));
    }

    @Test
    void removingAnIndexKey_chargesTheDeleteOfTheOldEntry_andAnUnchangedItemChargesNoIndex() {
        ObjectNode inIndex = withGsi3(item("a", 500));
        ObjectNode removed = item("a", 500);

        assertThat(charge(Kind.UPDATE, Optional.of(inIndex), Optional.of(removed), false).globalIndexes())
                .containsExactlyEntriesOf(Map.of("GSI3", 1.0));
        assertThat(charge(Kind.PUT, Optional.of(inIndex), Optional.of(inIndex), false).globalIndexes()).isEmpty();
        assertThat(charge(Kind.PUT, Optional.of(inIndex), Optional.of(inIndex), false).tableUnits()).isEqualTo(1);
    }

    private static ItemCharge charge(Kind kind, Optional<ObjectNode> before, Optional<ObjectNode> after,
                                     boolean transactional) {
        ObjectNode any = before.or(() -> after).orElse(item("a", 10));
        ItemWrite write = new ItemWrite(kind, TABLE.keyOf(any).orElseThrow(),
                kind == Kind.PUT ? after : Optional.empty());
        return WriteCapacity.of(write, TABLE, before, after, transactional);
    }

    /** An item of exactly {@code bytes}: PK (2 + 1), SK (2 + 1), and d (1 + the rest). */
    private static ObjectNode item(String id, int bytes) {
        ObjectNode item = JsonNodeFactory.instance.objectNode();
        item.putObject("PK").put("S", id);
        item.putObject("SK").put("S", "s");
        item.putObject("d").put("S", "x".repeat(bytes - (2 + 1) - (2 + 1) - 1));
        assertThat(ItemSize.of(item)).isEqualTo(bytes);
        return item;
    }

    /** Adds the GSI1 keys (12 bytes: GSI1PK + "p", GSI1SK + the one-letter sort key) in place of 12 bytes of d. */
    private static ObjectNode withGsi1(ObjectNode item, String sortKey) {
        return withIndexKeys(item, "GSI1PK", "GSI1SK", sortKey);
    }

    private static ObjectNode withGsi3(ObjectNode item) {
        return withIndexKeys(item, "GSI3PK", "GSI3SK", "w");
    }

    private static ObjectNode withIndexKeys(ObjectNode item, String partition, String sort, String sortKey) {
        long size = ItemSize.of(item);
        item.putObject(partition).put("S", "p");
        item.putObject(sort).put("S", sortKey);
        String padding = item.get("d").get("S").asText();
        String shorter = padding.substring(0, padding.length() - (int) (ItemSize.of(item) - size));
        item.putObject("d").put("S", shorter);
        assertThat(ItemSize.of(item)).isEqualTo(size);
        return item;
    }
}
