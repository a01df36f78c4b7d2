package dev.enclave.app.infra.webhook;

import dev.enclave.app.infra.settings.SettingsCheck;
import dev.enclave.app.infra.settings.SettingsProblems;
import io.micronaut.core.value.PropertyResolver;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.List;

/**
 * The deliveries' settings are within reason. At most 50 endpoints per organisation, so one event's deliveries fit
 * in the transaction that hands it out with room to spare; a lease of at least 20 s, above the longest attempt.
 */
@Singleton
final class WebhookSettingsCheck implements SettingsCheck {

    @Override
    public List<String> problems(PropertyResolver settings) {
        return new SettingsProblems(settings)
                .integer("enclave.webhooks.maximum-endpoints", 1, 50)
                .integer("enclave.webhooks.concurrency", 1, 64)
                .duration("enclave.webhooks.lease", Duration.ofSeconds(20), Duration.ofHours(1))
                .duration("enclave.webhooks.rotation-overlap", Duration.ZERO, Duration.ofDays(30))
                .duration("enclave.webhooks.failure-window", Duration.ofHours(1), Duration.ofDays(30))
                .duration("enclave.webhooks.poll-interval", Duration.ofMillis(100), Duration.ofHours(1))
                .duration("enclave.webhooks.first-poll", Duration.ZERO, Duration.ofHours(1))
                .list();
    }
}
