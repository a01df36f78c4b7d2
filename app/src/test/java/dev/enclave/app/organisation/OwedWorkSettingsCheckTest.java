package dev.enclave.app.organisation;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.core.value.MapPropertyResolver;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OwedWorkSettingsCheckTest {

    private final OwedWorkSettingsCheck check = new OwedWorkSettingsCheck();

    @Test
    void noSettings_andReadableOnes_areFine() {
        assertThat(check.problems(new MapPropertyResolver(Map.of()))).isEmpty();
        assertThat(check.problems(new MapPropertyResolver(Map.of("enclave.owed-work.sweep-interval", "2s",
                "enclave.owed-work.first-sweep", "0s", "enclave.owed-work.grace", "30s")))).isEmpty();
    }

    @Test
    void unreadableOrOutOfRangeDurations_areEachNamed() {
        assertThat(check.problems(new MapPropertyResolver(Map.of(
                "enclave.owed-work.sweep-interval", "0s",
                "enclave.owed-work.first-sweep", "soon",
                "enclave.owed-work.grace", "2h"))))
                .hasSize(3)
                .anySatisfy(p -> assertThat(p).startsWith("enclave.owed-work.sweep-interval "
                        + "(ENCLAVE_OWED_WORK_SWEEP_INTERVAL) must be between"))
                .anySatisfy(p -> assertThat(p).startsWith("enclave.owed-work.first-sweep").contains("a duration"))
                .anySatisfy(p -> assertThat(p).startsWith("enclave.owed-work.grace").contains("between"));
    }
}
