package dev.enclave.app.edge.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StrictJsonTest {

    @Test
    void anObjectWithMoreFieldsThanAnyRequestHas_isRefusedAtTheFirstExcess() {
        StringBuilder body = new StringBuilder("{");
        for (int i = 0; i < 100_000; i++) {
            body.append(i == 0 ? "" : ",").append("\"f").append(i).append("\":0");
        }
        body.append(", \"broken");

        assertThatThrownBy(() -> StrictJson.read(body.toString())).isInstanceOf(StrictJson.Refused.class)
                .hasMessage("An object has more than " + StrictJson.MAX_FIELDS + " fields.");
    }

    @Test
    void aListLongerThanAnyRequestAllows_isRefusedAtTheFirstExcess() {
        String body = "{\"groups\":[" + "\"a\",".repeat(200_000) + "\"a\"]}";

        assertThatThrownBy(() -> StrictJson.read(body)).isInstanceOf(StrictJson.Refused.class)
                .hasMessage("A list has more than " + StrictJson.MAX_ENTRIES + " entries.");
    }

    @Test
    void aStringLongerThanAnyRequestAllows_isRefusedBeforeItsEnd() {
        String unterminated = "{\"name\":\"" + "a".repeat(1 << 20);

        assertThatThrownBy(() -> StrictJson.read(unterminated)).isInstanceOf(StrictJson.Refused.class)
                .hasMessage("A string in the body is longer than " + StrictJson.MAX_STRING + " characters.");
    }

    @Test
    void aNumberLongerThanAnyRequestHolds_isRefusedWithItsReason() {
        for (String number : List.of("1".repeat(41), "0." + "0".repeat(45) + "1", "-" + "9".repeat(41))) {
            assertThatThrownBy(() -> StrictJson.read("{\"n\":" + number + "}")).as(number)
                    .isInstanceOf(StrictJson.Refused.class)
                    .hasMessage("A number in the body is longer than " + StrictJson.MAX_NUMBER + " characters.");
        }
    }

    @Test
    void aDecimalADoubleWouldChange_isRefused_andOneItHoldsIsReadAsSent() throws StrictJson.Refused {
        for (String changed : List.of("1e-400", "1e400", "0.12345678901234567890123", "123456789.123456789123",
                "1e99999999999", "1.5e2147483648")) {
            assertThatThrownBy(() -> StrictJson.read("{\"n\":" + changed + "}")).as(changed)
                    .isInstanceOf(StrictJson.Refused.class).hasMessageStartingWith("A decimal number in the body");
        }

        assertThat(StrictJson.read("{\"n\":-12.125}")).isEqualTo(Map.of("n", new BigDecimal("-12.125")));
    }

    @Test
    void aStringAtTheBound_isRead() throws StrictJson.Refused {
        String body = "{\"name\":\"" + "a".repeat(StrictJson.MAX_STRING) + "\"}";

        assertThat(StrictJson.read(body)).isInstanceOfSatisfying(Map.class,
                fields -> assertThat((String) fields.get("name")).hasSize(StrictJson.MAX_STRING));
    }

    @Test
    void withinTheBounds_fieldsAndEntriesAreRead() throws StrictJson.Refused {
        String body = "{" + "\"f\":[" + "\"a\",".repeat(StrictJson.MAX_ENTRIES - 1) + "\"a\"]}";

        assertThat(StrictJson.read(body)).isInstanceOfSatisfying(Map.class,
                fields -> assertThat((java.util.List<?>) fields.get("f")).hasSize(StrictJson.MAX_ENTRIES));
    }
}
