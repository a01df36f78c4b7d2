package dev.enclave.app.infra.vending;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.core.value.MapPropertyResolver;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BackendSettingsCheckTest {

    private final BackendSettingsCheck check = new BackendSettingsCheck();

    @Test
    void noSettings_andReadableOnes_areFine() {
        assertThat(check.problems(new MapPropertyResolver(Map.of()))).isEmpty();
        assertThat(check.problems(new MapPropertyResolver(Map.of("enclave.backends.session-duration", "15m",
                "enclave.backends.maximum-api-keys", "1000")))).isEmpty();
    }

    @Test
    void unreadableOrOutOfRangeSettings_areEachNamed() {
        assertThat(check.problems(new MapPropertyResolver(Map.of(
                "enclave.backends.session-duration", "5m",
                "enclave.backends.maximum-api-keys", "0"))))
                .hasSize(2)
                .anySatisfy(p -> assertThat(p).startsWith("enclave.backends.session-duration").contains("between"))
                .anySatisfy(p -> assertThat(p).startsWith("enclave.backends.maximum-api-keys"));
        assertThat(check.problems(new MapPropertyResolver(Map.of("enclave.backends.session-duration", "2h"))))
                .as("STS gives a session Enclave assumes on role credentials (ECS) at most an hour: role chaining")
                .singleElement().satisfies(p -> assertThat(p).startsWith("enclave.backends.session-duration"));
        assertThat(check.problems(new MapPropertyResolver(Map.of("enclave.backends.maximum-api-keys", "many"))))
                .singleElement().satisfies(p -> assertThat(p).startsWith("enclave.backends.maximum-api-keys"));
    }
}
