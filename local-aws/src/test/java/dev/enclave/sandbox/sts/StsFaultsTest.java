package dev.enclave.sandbox.sts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class StsFaultsTest {

    private final StsFaults faults = new StsFaults();

    @Test
    void noRule_noFault() {
        assertThat(faults.take()).isEmpty();
    }

    @Test
    void aRule_appliesAsManyTimesAsAsked_thenTheNextOne() {
        faults.inject(StsFaults.Rule.next(StsFaults.Kind.THROTTLING, 2));
        faults.inject(new StsFaults.Rule(StsFaults.Kind.LATENCY, Duration.ofMillis(5), 1));

        assertThat(faults.take()).map(StsFaults.Rule::kind).contains(StsFaults.Kind.THROTTLING);
        assertThat(faults.take()).map(StsFaults.Rule::kind).contains(StsFaults.Kind.THROTTLING);
        assertThat(faults.take()).map(StsFaults.Rule::kind).contains(StsFaults.Kind.LATENCY);
        assertThat(faults.take()).isEmpty();
    }

    @Test
    void anOutage_lastsUntilCleared() {
        faults.inject(StsFaults.Rule.untilCleared(StsFaults.Kind.UNAVAILABLE));

        for (int call = 0; call < 100; call++) {
            assertThat(faults.take()).isPresent();
        }
        faults.clear();
        assertThat(faults.take()).isEmpty();
    }

    @Test
    void rules_applyAtLeastOnce() {
        assertThatThrownBy(() -> StsFaults.Rule.next(StsFaults.Kind.THROTTLING, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
