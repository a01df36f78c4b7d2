package dev.enclave.app.infra.vending;

import dev.enclave.app.domain.apikey.ApiKeyQuota;
import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;
import java.time.Duration;

/** Credentials for tenants' backends ({@code enclave.backends.*}). */
@ConfigurationProperties("enclave.backends")
public interface BackendSettings extends ApiKeyQuota {

    /**
     * Lifetime of the credentials backends poll for with an API key (15 minutes to the role's maximum session):
     * the longest a credential already handed out keeps working after its key is revoked.
     */
    @Bindable(defaultValue = "1h")
    Duration getSessionDuration();

    /** How many API keys one organisation may hold. */
    @Override
    @Bindable(defaultValue = "20")
    int getMaximumApiKeys();
}
