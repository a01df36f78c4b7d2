package dev.enclave.app.infra.webhook.transport;

import java.time.Duration;

/** Transport settings a test chooses, the defaults for what it does not. */
record TestSettings(boolean requireHttps, boolean allowLoopback, Duration timeout, int excerptBytes, int maxReadBytes)
        implements WebhookTransportSettings {

    TestSettings(boolean requireHttps, boolean allowLoopback) {
        this(requireHttps, allowLoopback, Duration.ofSeconds(5), 1024, 65_536);
    }

    TestSettings withTimeout(Duration shorter) {
        return new TestSettings(requireHttps, allowLoopback, shorter, excerptBytes, maxReadBytes);
    }

    @Override
    public boolean isRequireHttps() {
        return requireHttps;
    }

    @Override
    public boolean isAllowLoopback() {
        return allowLoopback;
    }

    @Override
    public Duration getTimeout() {
        return timeout;
    }

    @Override
    public int getExcerptBytes() {
        return excerptBytes;
    }

    @Override
    public int getMaxReadBytes() {
        return maxReadBytes;
    }
}
