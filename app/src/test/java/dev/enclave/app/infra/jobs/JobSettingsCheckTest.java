package dev.enclave.app.infra.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.micronaut.core.value.MapPropertyResolver;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JobSettingsCheckTest {

    private final JobSettingsCheck check = new JobSettingsCheck();

    @Test
    void noSettings_andReadableOnes_areFine() {
        assertThat(check.problems(new MapPropertyResolver(Map.of()))).isEmpty();
        assertThat(check.problems(new MapPropertyResolver(Map.of("enclave.jobs.poll-interval", "2s",
                "enclave.jobs.first-poll", "0s", "enclave.jobs.lease", "30s",
                "enclave.jobs.write-units-per-second", "500", "enclave.jobs.concurrency", "4")))).isEmpty();
    }

    @Test
    void unreadableOrOutOfRangeSettings_areEachNamed() {
        assertThat(check.problems(new MapPropertyResolver(Map.of(
                "enclave.jobs.poll-interval", "0s",
                "enclave.jobs.first-poll", "soon",
                "enclave.jobs.lease", "2h",
                "enclave.jobs.write-units-per-second", "5",
                "enclave.jobs.concurrency", "many"))))
                .hasSize(5)
                .anySatisfy(p -> assertThat(p).startsWith("enclave.jobs.poll-interval "
                        + "(ENCLAVE_JOBS_POLL_INTERVAL) must be between"))
                .anySatisfy(p -> assertThat(p).startsWith("enclave.jobs.first-poll").contains("a duration"))
                .anySatisfy(p -> assertThat(p).startsWith("enclave.jobs.lease").contains("between"))
                .anySatisfy(p -> assertThat(p).startsWith("enclave.jobs.write-units-per-second"))
                .anySatisfy(p -> assertThat(p).startsWith("enclave.jobs.concurrency"));
    }
}
