package dev.enclave.app.infra.limits;

import dev.enclave.app.domain.organisation.Limit;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.bind.annotation.Bindable;

/** Request limits per tenant, and per caller outside any tenant ({@code enclave.limits.*}). */
@ConfigurationProperties("enclave.limits")
public interface LimitSettings {

    /** The default of {@link #getRequestsPerSecond()}. */
    String DEFAULT_REQUESTS_PER_SECOND = "50";

    /** Whether requests are limited at all. */
    @Bindable(defaultValue = "true")
    boolean isEnabled();

    /** Sustained requests per second a tenant (or a caller outside any tenant) may make. */
    @Bindable(defaultValue = DEFAULT_REQUESTS_PER_SECOND)
    int getRequestsPerSecond();

    /** Requests allowed at once after a quiet spell; twice the rate when not set. */
    @Nullable
    Integer getBurst();

    /** Requests of one tenant in progress at the same time, across the server's request threads. */
    @Bindable(defaultValue = "16")
    int getConcurrentRequests();

    /**
     * How many proxies in front of Enclave append the address they were connected from to {@code X-Forwarded-For}
     * (the deploy template's load balancer: 1). The budgets kept per address take the client's address from there;
     * 0 takes the connection's peer, which behind a load balancer is the balancer itself, shared by every client.
     */
    @Bindable(defaultValue = "0")
    int getTrustedProxies();

    /** The limits these settings give every tenant and caller. */
    default Limit limit() {
        int rate = getRequestsPerSecond();
        return new Limit(rate, getBurst() == null ? 2 * rate : getBurst(), getConcurrentRequests());
    }
}
