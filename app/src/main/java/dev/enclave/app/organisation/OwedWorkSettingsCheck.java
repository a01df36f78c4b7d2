package dev.enclave.app.organisation;

import dev.enclave.app.platform.SettingsCheck;
import dev.enclave.app.platform.SettingsProblems;
import io.micronaut.core.value.PropertyResolver;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.List;

/** The sweeper's durations are positive and at most an hour. */
@Singleton
final class OwedWorkSettingsCheck implements SettingsCheck {

    private static final Duration HOUR = Duration.ofHours(1);

    @Override
    public List<String> problems(PropertyResolver settings) {
        return new SettingsProblems(settings)
                .duration("enclave.owed-work.sweep-interval", Duration.ofMillis(100), HOUR)
                .duration("enclave.owed-work.first-sweep", Duration.ZERO, HOUR)
                .duration("enclave.owed-work.grace", Duration.ZERO, HOUR)
                .list();
    }
}
