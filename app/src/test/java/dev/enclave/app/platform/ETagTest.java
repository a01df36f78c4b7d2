package dev.enclave.app.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.Test;

class ETagTest {

    @Test
    void header_isTheStrongQuotedVersion() {
        assertThat(new ETag(7).header()).isEqualTo("\"v7\"");
    }

    @Test
    void header_sentBackInIfMatch_expectsThatVersion() {
        assertThat(IfMatch.expected(new ETag(42).header())).contains(ExpectedVersion.oneOf(Set.of(42L)));
    }

    @Test
    void negativeVersion_isRefused() {
        assertThatThrownBy(() -> new ETag(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
