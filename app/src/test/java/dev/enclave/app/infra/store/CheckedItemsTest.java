package dev.enclave.app.infra.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.identity.TenantId;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class CheckedItemsTest {

    private static final TenantId ACME = TenantId.of("acme");

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final CheckedItems checked = new CheckedItems(meters);

    @Test
    void all_keepsItemsOfTheTenant_inTheirOrder_mapped() {
        List<String> names = checked.all(ItemKind.SERVICE, ReadScope.tenant(ACME),
                List.of(item("TENANT#acme#", "SVC#a", "name", "A"), item("TENANT#acme#", "SVC#b", "name", "B")),
                CheckedItemsTest::name);

        assertThat(names).containsExactly("A", "B");
        assertThat(skipped("service", "foreign-key") + skipped("service", "malformed")).isZero();
    }

    @Test
    void all_whenAnItemSitsInAnotherTenantsPartition_skipsAndCountsItAsForeign() {
        List<String> names = checked.all(ItemKind.INVITATION, ReadScope.tenant(ACME),
                List.of(item("TENANT#evil#", "INVITATION#x", "name", "planted"),
                        item("TENANT#acme#", "INVITATION#y", "name", "own")), CheckedItemsTest::name);

        assertThat(names).containsExactly("own");
        assertThat(skipped("invitation", "foreign-key")).isEqualTo(1);
        assertThat(skipped("invitation", "malformed")).isZero();
    }

    @Test
    void all_whenAnItemDoesNotMap_skipsAndCountsItAsMalformed() {
        List<String> names = checked.all(ItemKind.MEMBERSHIP, ReadScope.tenant(ACME),
                List.of(item("TENANT#acme#", "MEMBER#a"), item("TENANT#acme#", "MEMBER#b", "name", "B")),
                CheckedItemsTest::name);

        assertThat(names).containsExactly("B");
        assertThat(skipped("membership", "malformed")).isEqualTo(1);
    }

    @Test
    void all_whenTheMapperAnswersNothing_countsTheItemAsMalformed() {
        List<String> names = checked.all(ItemKind.ASSIGNMENT, ReadScope.tenant(ACME),
                List.of(item("TENANT#acme#", "SVCGROUP#s#g#MEMBER#a", "userId", 7)), item -> item.get("userId").s());

        assertThat(names).isEmpty();
        assertThat(skipped("assignment", "malformed")).isEqualTo(1);
    }

    @Test
    void one_whenThereIsNoItem_isEmptyAndCountsNothing() {
        assertThat(checked.one(ItemKind.ORGANISATION, ReadScope.tenant(ACME), Map.of(), CheckedItemsTest::name))
                .isEmpty();
        assertThat(checked.one(ItemKind.ORGANISATION, ReadScope.tenant(ACME), null, CheckedItemsTest::name))
                .isEmpty();
        assertThat(meters.find(CheckedItems.SKIPPED).counters()).allSatisfy(c -> assertThat(c.count()).isZero());
    }

    @Test
    void one_whenTheItemDoesNotMap_isEmpty() {
        assertThat(checked.one(ItemKind.ORGANISATION, ReadScope.tenant(ACME),
                item("TENANT#acme#", "ORG", "seats", "many"), item -> Integer.parseInt(item.get("seats").n())))
                .isEmpty();
        assertThat(skipped("organisation", "malformed")).isEqualTo(1);
    }

    @Test
    void counters_areRegisteredOnce_forEveryKindAndReason() {
        assertThat(meters.find(CheckedItems.SKIPPED).counters())
                .hasSize(ItemKind.values().length * CheckedItems.Reason.values().length);

        checked.all(ItemKind.SERVICE, ReadScope.tenant(ACME), List.of(item("TENANT#evil#", "SVC#a")),
                CheckedItemsTest::name);

        assertThat(meters.find(CheckedItems.SKIPPED).counters())
                .hasSize(ItemKind.values().length * CheckedItems.Reason.values().length);
    }

    @Test
    void loggable_keepsKeysOnOneBoundedPrintableLine() {
        assertThat(CheckedItems.loggable(AttributeValue.fromS("TENANT#a#\nFORGED line"))).isEqualTo(
                "TENANT#a#\\u000aFORGED line");
        assertThat(CheckedItems.loggable(AttributeValue.fromS("x".repeat(500)))).hasSize(203);
        assertThat(CheckedItems.loggable(null)).isEqualTo("<none>");
    }

    private double skipped(String kind, String reason) {
        return meters.get(CheckedItems.SKIPPED).tag("kind", kind).tag("reason", reason).counter().count();
    }

    private static String name(Map<String, AttributeValue> item) {
        return item.get("name").s();
    }

    static Map<String, AttributeValue> item(String pk, String sk, Object... attributes) {
        Map<String, AttributeValue> item = new HashMap<>(Map.of("PK", AttributeValue.fromS(pk),
                "SK", AttributeValue.fromS(sk)));
        for (int i = 0; i < attributes.length; i += 2) {
            Object value = attributes[i + 1];
            item.put((String) attributes[i], value instanceof Number n ? AttributeValue.fromN(n.toString())
                    : AttributeValue.fromS((String) value));
        }
        return item;
    }
}
