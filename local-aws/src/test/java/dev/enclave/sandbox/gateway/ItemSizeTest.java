package dev.enclave.sandbox.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * Item sizes by the rules of "DynamoDB item sizes and formats", each figure worked out by hand in its comment. The
 * number rule is the precise form of the guide's "about one byte per two significant digits, plus one", as DynamoDB
 * Local counts it (checked against it by writing items of these sizes at the 1 KB boundary).
 */
class ItemSizeTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void strings_countTheUtf8BytesOfNameAndValue() throws JsonProcessingException {
        assertThat(size("{\"PK\":{\"S\":\"abc\"}}")).isEqualTo(2 + 3);
        assertThat(size("{\"é\":{\"S\":\"日本\"}}")).isEqualTo(2 + 6);
    }

    @Test
    void numbers_countDigitPairsAlignedOnTheDecimalPoint_plusOne_plusOneWhenNegative() {
        assertThat(ItemSize.number("12345")).isEqualTo(3 + 1);   // 01|23|45
        assertThat(ItemSize.number("1234")).isEqualTo(2 + 1);    // 12|34
        assertThat(ItemSize.number("1.5")).isEqualTo(2 + 1);     // 01.50
        assertThat(ItemSize.number("12.5")).isEqualTo(2 + 1);    // 12.50
        assertThat(ItemSize.number("0.05")).isEqualTo(1 + 1);    // .05
        assertThat(ItemSize.number("100")).isEqualTo(1 + 1);     // 01|00, the zero pair dropped
        assertThat(ItemSize.number("5E+1")).isEqualTo(1 + 1);    // 50
        assertThat(ItemSize.number("-1")).isEqualTo(1 + 1 + 1);  // 01, negative
        assertThat(ItemSize.number("-9.99")).isEqualTo(2 + 1 + 1); // 09.99, negative
        assertThat(ItemSize.number("0")).isEqualTo(1);
    }

    @Test
    void binaries_countRawBytesNotBase64() throws JsonProcessingException {
        assertThat(size("{\"b\":{\"B\":\"AAEC\"}}")).isEqualTo(1 + 3);
    }

    @Test
    void booleansAndNulls_countOneByte() throws JsonProcessingException {
        assertThat(size("{\"t\":{\"BOOL\":true},\"n\":{\"NULL\":true}}")).isEqualTo(1 + 1 + 1 + 1);
    }

    @Test
    void sets_countTheSumOfTheirElements() throws JsonProcessingException {
        assertThat(size("{\"s\":{\"SS\":[\"ab\",\"cde\"]}}")).isEqualTo(1 + 2 + 3);
        assertThat(size("{\"s\":{\"NS\":[\"12\",\"345\"]}}")).isEqualTo(1 + 2 + 3);
        assertThat(size("{\"s\":{\"BS\":[\"AAEC\",\"AAE=\"]}}")).isEqualTo(1 + 3 + 2);
    }

    @Test
    void listsAndMaps_countThreeBytes_andOneBytePerElement() throws JsonProcessingException {
        assertThat(size("{\"l\":{\"L\":[{\"S\":\"abc\"},{\"N\":\"12\"}]}}")).isEqualTo(1 + 3 + (3 + 1) + (2 + 1));
        assertThat(size("{\"m\":{\"M\":{\"k\":{\"S\":\"abc\"}}}}")).isEqualTo(1 + 3 + (1 + 3 + 1));
        assertThat(size("{\"m\":{\"M\":{}},\"l\":{\"L\":[]}}")).isEqualTo(1 + 3 + 1 + 3);
        // {a: [ {} ]}: the map 3, its element a: name 1 + list (3 + its element: empty map 3 + 1) + 1
        assertThat(size("{\"m\":{\"M\":{\"a\":{\"L\":[{\"M\":{}}]}}}}")).isEqualTo(1 + 3 + 1 + (3 + 3 + 1) + 1);
    }

    private static long size(String item) throws JsonProcessingException {
        return ItemSize.of(JSON.readTree(item));
    }
}
