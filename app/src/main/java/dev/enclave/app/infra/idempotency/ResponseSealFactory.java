package dev.enclave.app.infra.idempotency;

import dev.enclave.app.infra.sealing.ResponseSeal;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.exceptions.ConfigurationException;
import jakarta.inject.Singleton;

/** The seal from {@code enclave.idempotency.sealing-keys}, when they are set. */
@Factory
final class ResponseSealFactory {

    @Singleton
    @Requires(property = "enclave.idempotency.sealing-keys")
    ResponseSeal fromSettings(IdempotencySettings settings) {
        try {
            return new ResponseSeal(settings.getSealingKeys());
        } catch (IllegalArgumentException bad) {
            throw new ConfigurationException("enclave.idempotency.sealing-keys (ENCLAVE_IDEMPOTENCY_SEALING_KEYS): "
                    + bad.getMessage());
        }
    }
}
