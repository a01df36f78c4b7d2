package dev.enclave.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TenantIdTest {

    @ParameterizedTest
    @ValueSource(strings = {"acme", "acme2", "a-b-c", "t01", "abcdefghijabcdefghijabcdefghijabcdefghij"})
    void of_whenWellFormed_keepsTheValue(String value) {
        assertThat(TenantId.of(value).value()).isEqualTo(value);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "ab", "Acme", "ac*me", "ac?me", "a$b{c}", "acme#x", "ac\"me", "ac me", "acmé",
            "-acme", "acme-", "ac--me", "ac_me", "ac.me", "abcdefghijabcdefghijabcdefghijabcdefghijk", "acme\n"})
    void of_whenMalformed_isRejected(String value) {
        assertThatThrownBy(() -> TenantId.of(value))
                .isInstanceOf(InvalidTenantIdException.class)
                .hasMessageContaining("3-40 characters");
    }

    @org.junit.jupiter.api.Test
    void of_whenNull_isRejected() {
        assertThatThrownBy(() -> TenantId.of(null)).isInstanceOf(NullPointerException.class);
    }
}
