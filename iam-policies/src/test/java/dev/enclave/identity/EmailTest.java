package dev.enclave.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class EmailTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({
            "Ada@Example.COM, ada@example.com",
            "ADA.LOVELACE+x@example.com, ada.lovelace+x@example.com",
            "bob@BÜCHER.de, bob@xn--bcher-kva.de",
            "bill@bıgcorp.com, bill@xn--bgcorp-p9a.com",
            "Zoë@example.com, zoë@example.com"})
    void canonicalForm_foldsAsciiCaseAndUsesTheIdnaDomain(String address, String canonical) {
        assertThat(Email.of(address).value()).isEqualTo(canonical);
    }

    @ParameterizedTest(name = "{0} is not {1}")
    @CsvSource({
            "ſam@example.com, sam@example.com",
            "bill@bıgcorp.com, bill@bigcorp.com",
            "аda@example.com, ada@example.com",
            "ada@exаmple.com, ada@example.com",
            "STRASSE@example.com, straße@example.com",
            "ada@faß.de, ada@fass.de"})
    void differentMailboxes_neverMatch(String one, String other) {
        assertThat(Email.of(one)).isNotEqualTo(Email.of(other));
        assertThat(EmailKey.of(Email.of(one))).isNotEqualTo(EmailKey.of(Email.of(other)));
    }

    @Test
    void asciiCase_isOneMailbox() {
        assertThat(Email.of("ada@EXAMPLE.com")).isEqualTo(Email.of("ADA@example.COM"));
    }

    @Test
    void notNfc_isRefusedRatherThanFolded() {
        assertThat(Email.parse("\u212Aim@example.com")).as("Kelvin sign").isEmpty();
        assertThat(Email.parse("zoe\u0308@example.com")).as("decomposed").isEmpty();
        assertThat(Email.parse("zo\u00eb@example.com")).isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "ada", "@example.com", "ada@", "ada@example.com.", " ada@example.com",
            "ada@example.com\n", "a\u0000a@example.com", "ada@exa mple.com", "ada@-example.com", "ada@exa_mple.com",
            "a\ud800@example.com", "ada@\u202eexample.com", "ada@ex\u001b[31mample.com",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa@example.com"})
    void notAnAddress_isRefused(String address) {
        assertThat(Email.parse(address)).isEmpty();
    }

    @Test
    void constructor_acceptsOnlyTheCanonicalForm() {
        assertThat(new Email("ada@example.com").value()).isEqualTo("ada@example.com");
        assertThatThrownBy(() -> new Email("Ada@example.com")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Email("ada@bücher.de")).isInstanceOf(IllegalArgumentException.class);
    }
}
