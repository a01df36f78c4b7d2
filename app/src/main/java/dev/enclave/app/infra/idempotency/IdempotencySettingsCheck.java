package dev.enclave.app.infra.idempotency;

import dev.enclave.app.infra.sealing.ResponseSeal;
import dev.enclave.app.infra.settings.SettingsCheck;
import dev.enclave.app.infra.settings.SettingsProblems;
import io.micronaut.core.type.Argument;
import io.micronaut.core.value.PropertyResolver;
import jakarta.inject.Singleton;
import java.util.List;

/** The sealing keys, when given, are base64 of 32 bytes each. */
@Singleton
final class IdempotencySettingsCheck implements SettingsCheck {

    private static final String KEYS = "enclave.idempotency.sealing-keys";

    @Override
    public List<String> problems(PropertyResolver settings) {
        SettingsProblems problems = new SettingsProblems(settings);
        settings.getProperty(KEYS, Argument.listOf(String.class)).filter(keys -> !keys.isEmpty()).ifPresent(keys -> {
            try {
                new ResponseSeal(keys);
            } catch (IllegalArgumentException bad) {
                problems.add(KEYS, bad.getMessage());
            }
        });
        return problems.list();
    }
}
