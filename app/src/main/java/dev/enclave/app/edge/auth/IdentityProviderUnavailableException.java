package dev.enclave.app.edge.auth;

import java.time.Duration;

/** A token's key cannot be had now: the identity provider is unreachable and nothing usable is cached. */
public final class IdentityProviderUnavailableException extends RuntimeException {

    private final Duration retryAfter;

    IdentityProviderUnavailableException(Duration retryAfter) {
        super("the identity provider's keys cannot be fetched");
        this.retryAfter = retryAfter;
    }

    public Duration retryAfter() {
        return retryAfter;
    }
}
