package dev.enclave.tenancy.credentials;

import java.time.Instant;
import java.util.Objects;

/**
 * Temporary AWS credentials as Enclave hands them out: Enclave's own value, so callers never see STS's types.
 *
 * @param expiration when AWS stops accepting them
 */
public record IssuedCredentials(String accessKeyId, String secretAccessKey, String sessionToken,
                                Instant expiration) {

    public IssuedCredentials {
        Objects.requireNonNull(accessKeyId, "accessKeyId");
        Objects.requireNonNull(secretAccessKey, "secretAccessKey");
        Objects.requireNonNull(sessionToken, "sessionToken");
        Objects.requireNonNull(expiration, "expiration");
    }

    @Override
    public String toString() {
        return "IssuedCredentials[" + accessKeyId + ", expires " + expiration + "]";
    }
}
