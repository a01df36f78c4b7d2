package dev.enclave.app.infra.mail;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/** Mail settings for a server named in code (the local run's, a test's): no credentials. */
public record FixedMailSettings(String host, int port, String from, MailSettings.Security security,
                                Duration timeout)
        implements MailSettings {

    public FixedMailSettings {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(security, "security");
        Objects.requireNonNull(timeout, "timeout");
    }

    /** A server that speaks plain SMTP, given ten seconds an exchange. */
    public static FixedMailSettings unencrypted(String host, int port, String from) {
        return new FixedMailSettings(host, port, from, Security.NONE, Duration.ofSeconds(10));
    }

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
        return security;
    }

    @Override
    public Duration getTimeout() {
        return timeout;
    }
}
