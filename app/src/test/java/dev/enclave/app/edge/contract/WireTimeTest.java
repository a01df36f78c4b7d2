package dev.enclave.app.edge.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WireTimeTest {

    @Test
    void everyInstant_isWholeSecondsInUtc_whateverItsPrecision() {
        assertThat(WireTime.of(Instant.parse("2026-11-23T10:15:30.123456789Z"))).isEqualTo("2026-11-23T10:15:30Z");
        assertThat(WireTime.of(Instant.parse("2026-11-23T10:15:00Z"))).isEqualTo("2026-11-23T10:15:00Z");
    }

    @Test
    void noInstant_isNull() {
        assertThat(WireTime.ofNullable(Optional.empty())).isNull();
        assertThat(WireTime.ofNullable(Optional.of(Instant.EPOCH))).isEqualTo("1970-01-01T00:00:00Z");
    }
}
