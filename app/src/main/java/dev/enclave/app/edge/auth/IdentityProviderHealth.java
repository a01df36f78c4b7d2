package dev.enclave.app.edge.auth;

import io.micronaut.context.annotation.Requires;
import io.micronaut.health.HealthStatus;
import io.micronaut.management.health.indicator.AbstractHealthIndicator;
import jakarta.inject.Singleton;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The identity provider's keys: UP while the cached set is current, DEGRADED (still serving) while fetches fail
 * and cached keys are within their maximum staleness, DOWN when no usable key set is held after a failed fetch.
 */
@Singleton
@Requires(beans = CachedSigningKeys.class)
final class IdentityProviderHealth extends AbstractHealthIndicator<Map<String, Object>> {

    static final HealthStatus DEGRADED = new HealthStatus("DEGRADED", "serving cached keys", true, 1);

    private final CachedSigningKeys keys;

    IdentityProviderHealth(CachedSigningKeys keys) {
        this.keys = keys;
    }

    @Override
    protected Map<String, Object> getHealthInformation() {
        if (keys.state().fetched() + keys.state().failed() == 0) {
            keys.fetchNow(HttpKeySetFetcher.TIMEOUT);
        }
        CachedSigningKeys.State state = keys.state();
        healthStatus = status(state);
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("keys", state.keys());
        if (state.fetched() > 0) {
            details.put("ageSeconds", state.age().toSeconds());
        }
        state.lastFailure().ifPresent(failure -> details.put("lastFailure", failure));
        return details;
    }

    private static HealthStatus status(CachedSigningKeys.State state) {
        if (state.current()) {
            return HealthStatus.UP;
        }
        if (state.usable()) {
            return DEGRADED;
        }
        return state.lastFailure().isPresent() ? HealthStatus.DOWN : HealthStatus.UNKNOWN;
    }

    @Override
    protected String getName() {
        return "identityProvider";
    }
}
