package dev.enclave.app.infra.mail;

import java.time.Duration;
import java.util.Optional;

/** Mail settings a test chooses: a server on the loopback address, a security choice, a short timeout. */
record TestMailSettings(int port, Security security) implements MailSettings {

    static final String FROM = "Enclave <no-reply@enclave.test>";

    @Override
    public String getHost() {
        return "127.0.0.1";
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
        return FROM;
    }

    @Override
    public Security getSecurity() {
        return security;
    }

    @Override
    public Duration getTimeout() {
        return Duration.ofSeconds(5);
    }
}
