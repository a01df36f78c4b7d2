package dev.enclave.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.sandbox.gateway.ItemSize;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The bench's item sizes follow the same rules, figure for figure, as the sandbox gateway's (local-aws
 * {@code ItemSizeTest}), which charges transactions by them; each figure is worked out by hand in its comment.
 */
class ItemSizesTest {

    @Test
    void stringsBinariesBooleansAndNulls() {
        assertThat(ItemSizes.of(Map.of("PK", AttributeValue.fromS("abc")))).isEqualTo(2 + 3);
        assertThat(ItemSizes.of(Map.of("é", AttributeValue.fromS("日本")))).isEqualTo(2 + 6);
        assertThat(ItemSizes.of(Map.of("b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0, 1, 2})))))
                .isEqualTo(1 + 3);
        assertThat(ItemSizes.of(Map.of("t", AttributeValue.fromBool(true), "n", AttributeValue.fromNul(true))))
                .isEqualTo(1 + 1 + 1 + 1);
    }

    @Test
    void numbers_countDigitPairsAlignedOnTheDecimalPoint_plusOne_plusOneWhenNegative() {
        assertThat(ItemSize.number("12345")).isEqualTo(3 + 1);   // 01|23|45
        assertThat(ItemSize.number("1.5")).isEqualTo(2 + 1);     // 01.50
        assertThat(ItemSize.number("100")).isEqualTo(1 + 1);     // 01|00, the zero pair dropped
        assertThat(ItemSize.number("-9.99")).isEqualTo(2 + 1 + 1); // 09.99, negative
        assertThat(ItemSize.number("0")).isEqualTo(1);
    }

    @Test
    void setsListsAndMaps() {
        assertThat(ItemSizes.of(Map.of("s", AttributeValue.fromSs(List.of("ab", "cde"))))).isEqualTo(1 + 2 + 3);
        assertThat(ItemSizes.of(Map.of("s", AttributeValue.fromNs(List.of("12", "345"))))).isEqualTo(1 + 2 + 3);
        assertThat(ItemSizes.of(Map.of("l", AttributeValue.fromL(List.of(AttributeValue.fromS("abc"),
                AttributeValue.fromN("12")))))).isEqualTo(1 + 3 + (3 + 1) + (2 + 1));
        assertThat(ItemSizes.of(Map.of("m", AttributeValue.fromM(Map.of("k", AttributeValue.fromS("abc"))))))
                .isEqualTo(1 + 3 + (1 + 3 + 1));
        // {a: [ {} ]}: the map 3, its element a: name 1 + list (3 + its element: empty map 3 + 1) + 1
        assertThat(ItemSizes.of(Map.of("m", AttributeValue.fromM(Map.of("a", AttributeValue.fromL(List.of(
                AttributeValue.fromM(Map.of())))))))).isEqualTo(1 + 3 + 1 + (3 + 3 + 1) + 1);
    }

    @Test
    void units_roundUpPerKilobyteForWrites_andPerFourKilobytesForAConsistentQuery() {
        assertThat(ItemSizes.transactionalWriteUnits(1)).isEqualTo(2);
        assertThat(ItemSizes.transactionalWriteUnits(1024)).isEqualTo(2);
        assertThat(ItemSizes.transactionalWriteUnits(1025)).isEqualTo(4);
        assertThat(ItemSizes.consistentQueryReadUnits(4096)).isEqualTo(1);
        assertThat(ItemSizes.consistentQueryReadUnits(4097)).isEqualTo(2);
    }
}
