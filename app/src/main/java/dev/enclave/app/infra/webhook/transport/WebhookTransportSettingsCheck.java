package dev.enclave.app.infra.webhook.transport;

import dev.enclave.app.infra.settings.SettingsCheck;
import dev.enclave.app.infra.settings.SettingsProblems;
import io.micronaut.core.value.PropertyResolver;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.List;

/** The webhook transport's settings are within reason, and the excerpt kept fits in what is read. */
@Singleton
final class WebhookTransportSettingsCheck implements SettingsCheck {

    private static final String PREFIX = "enclave.webhooks.transport.";
    private static final String EXCERPT = PREFIX + "excerpt-bytes";
    private static final String MAX_READ = PREFIX + "max-read-bytes";
    private static final int MOST_READ = 16 * 1024 * 1024;

    @Override
    public List<String> problems(PropertyResolver settings) {
        SettingsProblems problems = new SettingsProblems(settings)
                .readable(PREFIX + "require-https", WebhookTransportSettingsCheck::bool)
                .readable(PREFIX + "allow-loopback", WebhookTransportSettingsCheck::bool)
                .duration(PREFIX + "timeout", Duration.ofMillis(100), Duration.ofMinutes(5))
                .integer(EXCERPT, 0, MOST_READ)
                .integer(MAX_READ, 1, MOST_READ);
        int excerpt = number(settings, EXCERPT, WebhookTransportSettings.DEFAULT_EXCERPT_BYTES);
        int maxRead = number(settings, MAX_READ, WebhookTransportSettings.DEFAULT_MAX_READ_BYTES);
        if (maxRead > 0 && excerpt > maxRead) {
            problems.add(EXCERPT, "must be at most " + MAX_READ + " (" + maxRead + "), not " + excerpt);
        }
        return problems.list();
    }

    private static int number(PropertyResolver settings, String key, String fallback) {
        return settings.getProperty(key, Integer.class).orElse(Integer.parseInt(fallback));
    }

    private static void bool(String value) {
        if (!value.equals("true") && !value.equals("false")) {
            throw new IllegalArgumentException("must be true or false, not '" + value + "'");
        }
    }
}
