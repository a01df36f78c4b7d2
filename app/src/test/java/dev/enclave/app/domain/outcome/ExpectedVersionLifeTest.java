package dev.enclave.app.domain.outcome;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class ExpectedVersionLifeTest {

    @Test
    void aLifeThatBeganAtAnInstant_readsBackAsThatInstant_toTheNanosecond() {
        Instant joined = Instant.parse("2026-11-26T21:33:57.123456789Z");

        assertThat(ExpectedVersion.lifeBegan(joined)).matches(ExpectedVersion.LIFE_REGEX);
        assertThat(ExpectedVersion.lifeBeganAt(ExpectedVersion.lifeBegan(joined))).contains(joined);
        assertThat(ExpectedVersion.lifeBegan(joined.plusNanos(1))).isNotEqualTo(ExpectedVersion.lifeBegan(joined));
        assertThat(ExpectedVersion.lifeBeganAt(ExpectedVersion.lifeBegan(joined)).orElseThrow().toString()).as("as it is stored")
                .isEqualTo(joined.toString());
    }

    @Test
    void textThatIsNoLife_namesNoInstant() {
        assertThat(ExpectedVersion.lifeBeganAt("")).isEmpty();
        assertThat(ExpectedVersion.lifeBeganAt("0" + ExpectedVersion.lifeBegan(Instant.parse("2026-11-26T10:00:00Z"))))
                .as("only as it is spelled").isEmpty();
        assertThat(ExpectedVersion.lifeBeganAt("Not-a-life")).isEmpty();
        assertThat(ExpectedVersion.lifeBeganAt("z".repeat(40))).as("beyond any instant").isEmpty();
    }

    @Test
    void aServicesGeneration_isItsHexDigits_andTheFirstGenerationHasOneOfItsOwn() {
        assertThat(ExpectedVersion.lifeOfGeneration("0f8fad5b-d9cb-469f-a165-70867728950e"))
                .isEqualTo("0f8fad5bd9cb469fa16570867728950e").matches(ExpectedVersion.LIFE_REGEX);
        assertThat(ExpectedVersion.lifeOfGeneration("")).isEqualTo("0");
    }
}
