package dev.enclave.app.infra.mail;

import java.time.Duration;
import java.util.Optional;

/** Mail settings for a server named in code (the local run's, a test's): no credentials, no encryption. */
public record UnencryptedMailSettings(String host, int port, String from) implements MailSettings {

    @Override
    public String getHost() {
        return host;
    }

    @Override
    public int getPort() {
        return port;
    }

    @Override
    public Optional<String> getUsername() {
        return Optional.empty();
    }

    @Override
    public Optional<String> getPassword() {
        return Optional.empty();
    }

    @Override
    public String getFrom() {
        return from;
    }

    @Override
    public Security getSecurity() {
        return Security.NONE;
    }

    @Override
    public Duration getTimeout() {
        return Duration.ofSeconds(10);
    }
}
