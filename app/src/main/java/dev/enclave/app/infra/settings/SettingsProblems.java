package dev.enclave.app.infra.settings;

import io.micronaut.core.value.PropertyResolver;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/** Collects what is wrong with a group of settings, reading each as text so nothing fails half-way. */
public final class SettingsProblems {

    private final PropertyResolver settings;
    private final List<String> problems = new ArrayList<>();

    public SettingsProblems(PropertyResolver settings) {
        this.settings = settings;
    }

    /** The setting's value, if it is set and not blank. */
    public Optional<String> value(String key) {
        return settings.getProperty(key, String.class).filter(v -> !v.isBlank());
    }

    /** {@code key} is set and matches {@code pattern}. */
    public SettingsProblems matches(String key, Pattern pattern, String expected) {
        value(key).filter(v -> !pattern.matcher(v).matches())
                .ifPresent(v -> add(key, "must be " + expected + ", not '" + v + "'"));
        return this;
    }

    /** {@code key}, when set, is accepted by {@code reader}, which throws IllegalArgumentException with the reason. */
    public SettingsProblems readable(String key, Consumer<String> reader) {
        value(key).ifPresent(v -> {
            try {
                reader.accept(v);
            } catch (IllegalArgumentException bad) {
                add(key, bad.getMessage());
            }
        });
        return this;
    }

    /** {@code key}, when set, is an absolute URL; https unless the host is a loopback address. */
    public SettingsProblems url(String key) {
        return readable(key, SettingsProblems::checkUrl);
    }

    /** {@code key}, when set, is a duration between {@code least} and {@code most}. */
    public SettingsProblems duration(String key, Duration least, Duration most) {
        value(key).ifPresent(v -> {
            Optional<Duration> read = settings.getProperty(key, Duration.class);
            if (read.isEmpty()) {
                add(key, "must be a duration such as 30s, 5m or 1h, not '" + v + "'");
            } else if (read.get().compareTo(least) < 0 || read.get().compareTo(most) > 0) {
                add(key, "must be between " + least + " and " + most + ", not " + v);
            }
        });
        return this;
    }

    /** {@code key}, when set, is a whole number between {@code least} and {@code most}. */
    public SettingsProblems integer(String key, long least, long most) {
        return readable(key, v -> {
            try {
                long read = Long.parseLong(v.trim());
                if (read < least || read > most) {
                    throw new IllegalArgumentException("must be between " + least + " and " + most + ", not " + v);
                }
            } catch (NumberFormatException notANumber) {
                throw new IllegalArgumentException("must be a whole number, not '" + v + "'");
            }
        });
    }

    public SettingsProblems add(String key, String problem) {
        problems.add(key + " (" + environmentVariable(key) + ") " + problem);
        return this;
    }

    public List<String> list() {
        return List.copyOf(problems);
    }

    static String environmentVariable(String key) {
        return key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    private static void checkUrl(String value) {
        URI uri;
        try {
            uri = new URI(value);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("must be an absolute URL, not '" + value + "'");
        }
        if (uri.getHost() == null || !("https".equals(uri.getScheme()) || "http".equals(uri.getScheme()))) {
            throw new IllegalArgumentException("must be an absolute http(s) URL, not '" + value + "'");
        }
        if ("http".equals(uri.getScheme()) && !isLoopback(uri.getHost())) {
            throw new IllegalArgumentException("must use https (plain http only for a loopback host): " + value);
        }
    }

    private static boolean isLoopback(String host) {
        if ("localhost".equals(host)) {
            return true;
        }
        try {
            return Pattern.matches("[0-9.]+|\\[[0-9a-fA-F:]+]", host)
                    && InetAddress.getByName(host.replace("[", "").replace("]", "")).isLoopbackAddress();
        } catch (java.net.UnknownHostException notAnAddress) {
            return false;
        }
    }
}
