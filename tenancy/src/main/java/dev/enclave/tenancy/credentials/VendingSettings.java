package dev.enclave.tenancy.credentials;

import java.time.Duration;
import java.util.Objects;

/**
 * How tenant credentials are vended.
 *
 * @param tenantRoleArn    the tenant access role every tenant session assumes
 * @param sessionDuration  lifetime of each STS session (900 s to the role's maximum)
 * @param prefetchBefore   refresh in the background this long before expiry, so no request waits on STS
 * @param staleBefore      refuse to use credentials this close to expiry (refresh on the calling thread)
 * @param maximumScopes    how many scopes' credentials are cached at most (least recently used are evicted)
 * @param idleEviction     a scope unused this long is evicted, so idle tenants cost no STS calls
 */
public record VendingSettings(String tenantRoleArn, Duration sessionDuration, Duration prefetchBefore,
                              Duration staleBefore, long maximumScopes, Duration idleEviction) {

    public VendingSettings {
        Objects.requireNonNull(tenantRoleArn, "tenantRoleArn");
        if (sessionDuration.toSeconds() < 900 || sessionDuration.toSeconds() > 43_200) {
            throw new IllegalArgumentException("sessionDuration must be 900..43200 seconds");
        }
        if (staleBefore.compareTo(prefetchBefore) >= 0 || prefetchBefore.compareTo(sessionDuration) >= 0) {
            throw new IllegalArgumentException("need staleBefore < prefetchBefore < sessionDuration");
        }
        if (maximumScopes < 1) {
            throw new IllegalArgumentException("maximumScopes must be positive");
        }
    }

    /** One-hour sessions refreshed 5 minutes ahead, stale 1 minute ahead, 100,000 scopes, evicted after 1 h idle. */
    public static VendingSettings defaults(String tenantRoleArn) {
        return new VendingSettings(tenantRoleArn, Duration.ofHours(1), Duration.ofMinutes(5), Duration.ofMinutes(1),
                100_000, Duration.ofHours(1));
    }
}
