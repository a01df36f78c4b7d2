package dev.enclave.app.infra.jobs;

import dev.enclave.app.infra.settings.SettingsCheck;
import dev.enclave.app.infra.settings.SettingsProblems;
import io.micronaut.core.value.PropertyResolver;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.List;

/** The job runner's settings are within reason: durations positive and at most an hour, rates and counts bounded. */
@Singleton
final class JobSettingsCheck implements SettingsCheck {

    private static final Duration HOUR = Duration.ofHours(1);

    @Override
    public List<String> problems(PropertyResolver settings) {
        return new SettingsProblems(settings)
                .duration("enclave.jobs.poll-interval", Duration.ofMillis(100), HOUR)
                .duration("enclave.jobs.first-poll", Duration.ZERO, HOUR)
                .duration("enclave.jobs.lease", Duration.ofSeconds(1), HOUR)
                .integer("enclave.jobs.write-units-per-second", 10, 1_000_000)
                .integer("enclave.jobs.concurrency", 1, 64)
                .duration("enclave.jobs.turn", Duration.ofMillis(100), HOUR)
                .list();
    }
}
