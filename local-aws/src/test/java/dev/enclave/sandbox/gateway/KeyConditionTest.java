package dev.enclave.sandbox.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** Key conditions as the app writes them (see the app's {@code KeyConditions}), re-evaluated on item images. */
class KeyConditionTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String NAMES = "{\"#ipk\":\"GSI1PK\",\"#isk\":\"GSI1SK\"}";

    @Test
    void partitionAndBeginsWith_asTheAppJoinsThem_matchOnlyItemsOfThePartitionWithThePrefix() throws Exception {
        KeyCondition condition = parse("#ipk = :ipk AND begins_with(#isk, :prefix)",
                "{\":ipk\":{\"S\":\"T#a\"},\":prefix\":{\"S\":\"INV#\"}}");

        assertThat(condition.matches(item("T#a", "INV#1"))).isTrue();
        assertThat(condition.matches(item("T#a", "MEM#1"))).isFalse();
        assertThat(condition.matches(item("T#b", "INV#1"))).isFalse();
        assertThat(condition.matches(json("{\"GSI1PK\":{\"S\":\"T#a\"}}"))).isFalse();
    }

    @Test
    void comparisons_onStrings_followUtf8ByteOrder() throws Exception {
        String values = "{\":p\":{\"S\":\"p\"},\":b\":{\"S\":\"2026-01-02\"}}";

        assertThat(parse("#ipk = :p AND #isk < :b", values).matches(item("p", "2026-01-01"))).isTrue();
        assertThat(parse("#ipk = :p AND #isk < :b", values).matches(item("p", "2026-01-02"))).isFalse();
        assertThat(parse("#ipk = :p AND #isk <= :b", values).matches(item("p", "2026-01-02"))).isTrue();
        assertThat(parse("#ipk = :p AND #isk > :b", values).matches(item("p", "2026-01-03"))).isTrue();
        assertThat(parse("#ipk = :p AND #isk >= :b", values).matches(item("p", "2026-01-01"))).isFalse();
        // "é" (0xC3 0xA9) sorts after "z" (0x7A) by bytes
        assertThat(parse("#ipk = :p AND #isk > :b", "{\":p\":{\"S\":\"p\"},\":b\":{\"S\":\"z\"}}")
                .matches(item("p", "é"))).isTrue();
    }

    @Test
    void between_isInclusive_andValueOnTheLeft_isMirrored() throws Exception {
        String values = "{\":p\":{\"S\":\"p\"},\":lo\":{\"S\":\"b\"},\":hi\":{\"S\":\"d\"}}";
        KeyCondition between = parse("(#ipk = :p) AND (#isk BETWEEN :lo AND :hi)", values);

        assertThat(between.matches(item("p", "b"))).isTrue();
        assertThat(between.matches(item("p", "d"))).isTrue();
        assertThat(between.matches(item("p", "e"))).isFalse();
        assertThat(parse(":p = #ipk AND :lo < #isk", values).matches(item("p", "c"))).isTrue();
        assertThat(parse(":p = #ipk AND :lo < #isk", values).matches(item("p", "a"))).isFalse();
    }

    @Test
    void between_withItsBoundsReversed_isRefusedAsDynamoDbRefusesIt_equalBoundsAreNot() throws Exception {
        String values = "{\":p\":{\"S\":\"p\"},\":lo\":{\"S\":\"EVENT#2\"},\":hi\":{\"S\":\"EVENT#1\"}}";

        assertThat(parse("#ipk = :p AND #isk BETWEEN :lo AND :hi", values).refusal()).hasValueSatisfying(
                message -> assertThat(message).startsWith("Invalid KeyConditionExpression: The BETWEEN operator"));
        assertThat(parse("#ipk = :p AND #isk BETWEEN :hi AND :lo", values).refusal()).isEmpty();
        assertThat(parse("#ipk = :p AND #isk BETWEEN :lo AND :lo", values).refusal()).isEmpty();
        assertThat(parse("#ipk = :p AND #isk > :lo", values).refusal()).isEmpty();
    }

    @Test
    void numbers_compareByValue() throws Exception {
        KeyCondition condition = KeyCondition.parse("n > :v", JSON.createObjectNode(),
                json("{\":v\":{\"N\":\"9\"}}"));

        assertThat(condition.matches(json("{\"n\":{\"N\":\"10\"}}"))).isTrue();
        assertThat(condition.matches(json("{\"n\":{\"N\":\"8.5\"}}"))).isFalse();
        assertThat(condition.matches(json("{\"n\":{\"S\":\"99\"}}"))).isFalse();
    }

    @Test
    void expressionsThatAreNoKeyCondition_areRefusedWithTheReason() {
        assertThatThrownBy(() -> parse("#ipk = :p OR #isk = :p", "{\":p\":{\"S\":\"p\"}}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unexpected 'OR'");
        assertThatThrownBy(() -> parse("#ipk <> :p", "{\":p\":{\"S\":\"p\"}}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no key-condition operator '<>'");
        assertThatThrownBy(() -> parse("#nope = :p", "{\":p\":{\"S\":\"p\"}}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("#nope");
    }

    private static KeyCondition parse(String expression, String values) throws JsonProcessingException {
        return KeyCondition.parse(expression, json(NAMES), json(values));
    }

    private static JsonNode item(String partition, String sort) throws JsonProcessingException {
        return json("{\"GSI1PK\":{\"S\":\"" + partition + "\"},\"GSI1SK\":{\"S\":\"" + sort + "\"}}");
    }

    private static JsonNode json(String text) throws JsonProcessingException {
        return JSON.readTree(text);
    }
}
