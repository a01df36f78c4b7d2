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

    @Test
    void onlyRfc3339DateTimes_areRead() {
        assertThat(WireTime.parse("2026-11-27T23:00:00Z")).contains(Instant.parse("2026-11-27T23:00:00Z"));
        assertThat(WireTime.parse("2026-11-27T23:00:00.5+01:00")).contains(Instant.parse("2026-11-27T22:00:00.5Z"));
        assertThat(WireTime.parse("2026-11-27T23:00Z")).as("no seconds").isEmpty();
        assertThat(WireTime.parse("2026-11-27T23:00:00+00:00:30")).as("an offset with seconds").isEmpty();
        assertThat(WireTime.parse("2026-11-27T23:00:00+01")).as("an offset without minutes").isEmpty();
        assertThat(WireTime.parse("+2026-11-27T23:00:00Z")).isEmpty();
        assertThat(WireTime.parse("2026-11-27T23:00:00")).as("no offset").isEmpty();
    }
}
