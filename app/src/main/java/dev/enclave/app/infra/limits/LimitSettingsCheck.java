package dev.enclave.app.infra.limits;

import dev.enclave.app.infra.settings.SettingsCheck;
import dev.enclave.app.infra.settings.SettingsProblems;
import io.micronaut.core.value.PropertyResolver;
import jakarta.inject.Singleton;
import java.util.List;

/** The request limits are whole numbers of at least one, and a burst, when set, is at least the rate. */
@Singleton
final class LimitSettingsCheck implements SettingsCheck {

    private static final String RATE = "enclave.limits.requests-per-second";
    private static final String BURST = "enclave.limits.burst";
    private static final int MOST = 1_000_000;
    private static final int MOST_PROXIES = 10;

    @Override
    public List<String> problems(PropertyResolver settings) {
        SettingsProblems problems = new SettingsProblems(settings)
                .readable("enclave.limits.enabled", LimitSettingsCheck::bool)
                .integer(RATE, 1, MOST)
                .integer(BURST, 1, MOST)
                .integer("enclave.limits.concurrent-requests", 1, MOST)
                .integer("enclave.limits.trusted-proxies", 0, MOST_PROXIES);
        int rate = settings.getProperty(RATE, Integer.class)
                .orElse(Integer.parseInt(LimitSettings.DEFAULT_REQUESTS_PER_SECOND));
        settings.getProperty(BURST, Integer.class).filter(burst -> burst < rate).ifPresent(burst ->
                problems.add(BURST, "must be at least " + RATE + " (" + rate + "), not " + burst));
        return problems.list();
    }

    private static void bool(String value) {
        if (!value.equals("true") && !value.equals("false")) {
            throw new IllegalArgumentException("must be true or false, not '" + value + "'");
        }
    }
}
