package dev.enclave.app.edge.auth;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

/**
 * {@code enclave.auth.jwks.age} (seconds since the key set in use was fetched; NaN before the first fetch),
 * {@code enclave.auth.jwks.usable}
 * (1 while cached keys may be used) and {@code enclave.auth.jwks.fetches} by outcome.
 */
@Singleton
@Requires(beans = CachedSigningKeys.class)
final class IdentityProviderMetrics implements MeterBinder {

    private final CachedSigningKeys keys;

    IdentityProviderMetrics(CachedSigningKeys keys) {
        this.keys = keys;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder("enclave.auth.jwks.age", keys, k -> k.state().fetched() == 0 ? Double.NaN
                        : k.state().age().toSeconds())
                .description("Seconds since the identity provider's key set in use was fetched")
                .baseUnit("seconds").register(registry);
        Gauge.builder("enclave.auth.jwks.usable", keys, k -> k.state().usable() ? 1 : 0)
                .description("1 while a usable key set is cached").register(registry);
        FunctionCounter.builder("enclave.auth.jwks.fetches", keys, k -> k.state().fetched())
                .tag("outcome", "ok").description("Key set fetches").register(registry);
        FunctionCounter.builder("enclave.auth.jwks.fetches", keys, k -> k.state().failed())
                .tag("outcome", "failed").description("Key set fetches").register(registry);
    }
}
