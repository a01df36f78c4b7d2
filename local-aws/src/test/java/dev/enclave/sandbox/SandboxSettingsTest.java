package dev.enclave.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.enclave.sandbox.sigv4.Principal;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The index-lag and transaction-conflict settings, as {@code -Denclave.local.index-lag} and
 * {@code -Denclave.local.transaction-conflicts} give them to the local run and the app's tests.
 */
class SandboxSettingsTest {

    private final SandboxSettings defaults = SandboxSettings.inMemory(Principal.localApplication(), List.of());

    @AfterEach
    void clearProperty() {
        System.clearProperty(SandboxSettings.INDEX_LAG_PROPERTY);
        System.clearProperty(SandboxSettings.TRANSACTION_CONFLICTS_PROPERTY);
    }

    @Test
    void indexLag_isOffByDefault_andWhenThePropertyIsNotSet() {
        assertThat(defaults.indexLag()).isZero();
        assertThat(defaults.withSystemProperties().indexLag()).isZero();
    }

    @Test
    void indexLagProperty_readsMillisecondsSecondsMinutesAndIso8601() {
        assertThat(lagOf("300ms")).isEqualTo(Duration.ofMillis(300));
        assertThat(lagOf("250")).isEqualTo(Duration.ofMillis(250));
        assertThat(lagOf("2s")).isEqualTo(Duration.ofSeconds(2));
        assertThat(lagOf("1m")).isEqualTo(Duration.ofMinutes(1));
        assertThat(lagOf("PT0.3S")).isEqualTo(Duration.ofMillis(300));
        assertThat(lagOf("0")).isZero();
    }

    @Test
    void indexLagProperty_whenNotADuration_orNegative_isRefusedWithTheReason() {
        assertThatThrownBy(() -> lagOf("soon")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("enclave.local.index-lag is not a duration (300ms, 2s, PT0.3S): soon");
        assertThatThrownBy(() -> lagOf("PT-1S")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("index lag must not be negative: PT-1S");
    }

    @Test
    void transactionConflicts_areOffByDefault_onWithTheHoldThePropertyGives_andOffWhenItSaysSo() {
        assertThat(defaults.conflictHold()).isEmpty();
        assertThat(holdOf("20ms")).contains(Duration.ofMillis(20));
        assertThat(holdOf("0")).contains(Duration.ZERO);
        assertThat(holdOf("off")).isEmpty();
        assertThatThrownBy(() -> holdOf("often")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("enclave.local.transaction-conflicts is not a duration (300ms, 2s, PT0.3S): often");
    }

    private Optional<Duration> holdOf(String property) {
        System.setProperty(SandboxSettings.TRANSACTION_CONFLICTS_PROPERTY, property);
        return defaults.withSystemProperties().conflictHold();
    }

    private Duration lagOf(String property) {
        System.setProperty(SandboxSettings.INDEX_LAG_PROPERTY, property);
        return defaults.withSystemProperties().indexLag();
    }
}
