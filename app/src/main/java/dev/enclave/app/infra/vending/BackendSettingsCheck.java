package dev.enclave.app.infra.vending;

import dev.enclave.app.infra.settings.SettingsCheck;
import dev.enclave.app.infra.settings.SettingsProblems;
import io.micronaut.core.value.PropertyResolver;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.List;

/**
 * The settings of tenants' backends: their credentials' lifetime (within what STS allows: at most an hour, since
 * Enclave assumes the tenant role on role credentials of its own, and STS caps a chained role's session so) and how
 * many API keys an organisation may hold (a key list is read whole, so the number is bounded).
 */
@Singleton
final class BackendSettingsCheck implements SettingsCheck {

    @Override
    public List<String> problems(PropertyResolver settings) {
        return new SettingsProblems(settings)
                .duration("enclave.backends.session-duration", Duration.ofMinutes(15), Duration.ofHours(1))
                .integer("enclave.backends.maximum-api-keys", 1, 1000)
                .list();
    }
}
