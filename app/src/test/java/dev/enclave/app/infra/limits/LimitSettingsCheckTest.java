package dev.enclave.app.infra.limits;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.core.value.MapPropertyResolver;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LimitSettingsCheckTest {

    private final LimitSettingsCheck check = new LimitSettingsCheck();

    @Test
    void noSettings_areFine() {
        assertThat(check.problems(new MapPropertyResolver(Map.of()))).isEmpty();
    }

    @Test
    void unreadableOrImpossibleLimits_areEachNamed() {
        assertThat(check.problems(new MapPropertyResolver(Map.of(
                "enclave.limits.enabled", "maybe",
                "enclave.limits.requests-per-second", "0",
                "enclave.limits.concurrent-requests", "many"))))
                .hasSize(3)
                .anySatisfy(p -> assertThat(p).startsWith("enclave.limits.enabled (ENCLAVE_LIMITS_ENABLED)"))
                .anySatisfy(p -> assertThat(p).contains("between 1 and"))
                .anySatisfy(p -> assertThat(p).contains("whole number"));
    }

    @Test
    void aBurstBelowTheRate_isRefused() {
        assertThat(check.problems(new MapPropertyResolver(Map.of("enclave.limits.requests-per-second", "100",
                "enclave.limits.burst", "10")))).singleElement().asString().contains("at least");
    }
}
