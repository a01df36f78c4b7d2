package dev.enclave.app.domain.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TextRuleTest {

    @ParameterizedTest
    @ValueSource(strings = {"Acme Ltd", "Zoë & Co.", "株式会社", "Ünïcödé 🚀", "a"})
    void readableText_isAdmitted(String text) {
        assertThat(TextRule.admits(text, 20)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "a\u0000b", "a\r\nb", "a\u001b[31mb", "a\u007fb", "a\u0085b", "\u202eevil",
            "zero\u200bwidth", "a\ud800b", "b\udc00", "zoe\u0308", "\u212a", "a\u2028b"})
    void controlsFormatsLoneSurrogatesAndNonNfc_areRefused(String text) {
        assertThat(TextRule.admits(text, 20)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"\udb40\udc20", "ignore\udb40\udc69\udb40\udc67", "\ud834\udd73", "a\udb7f\udffd"})
    void formatAndUnassignedCodePointsBeyondTheBasicPlane_areRefused(String text) {
        assertThat(TextRule.admits(text, 20)).as("tag characters, a musical format character, plane 14 unassigned")
                .isFalse();
    }

    @Test
    void length_isCountedInCodePoints() {
        assertThat(TextRule.admits("🚀".repeat(5), 5)).as("5 code points, 10 chars").isTrue();
        assertThat(TextRule.admits("🚀".repeat(6), 5)).isFalse();
        assertThat(TextRule.admits("a".repeat(6), 5)).isFalse();
    }
}
