package dev.enclave.app.infra.idempotency;

import io.micronaut.context.annotation.ConfigurationProperties;
import java.util.List;

/**
 * {@code enclave.idempotency.*}: {@code sealing-keys}, base64 of 32 random bytes each, the first sealing, all
 * opening ({@code ENCLAVE_IDEMPOTENCY_SEALING_KEYS}, comma-separated). Required outside the local stack, which keeps
 * its own key in its data directory.
 */
@ConfigurationProperties("enclave.idempotency")
interface IdempotencySettings {

    List<String> getSealingKeys();
}
