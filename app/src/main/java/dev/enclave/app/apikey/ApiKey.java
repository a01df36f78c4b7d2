package dev.enclave.app.apikey;

import dev.enclave.iam.policy.Access;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * An organisation's API key, as stored: never the secret, only its hash.
 *
 * @param createdBy  the user id of the owner or admin who created it
 * @param expiresAt  when it stops working by itself, if ever
 * @param lastUsedAt when it last obtained credentials (recorded at most once a minute)
 */
public record ApiKey(ApiKeyId id, TenantId tenant, String name, Access access, String createdBy, Instant createdAt,
                     Optional<Instant> expiresAt, Optional<Instant> lastUsedAt, String secretHash) {

    public ApiKey {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(access, "access");
        Objects.requireNonNull(createdBy, "createdBy");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(expiresAt, "expiresAt");
        Objects.requireNonNull(lastUsedAt, "lastUsedAt");
        Objects.requireNonNull(secretHash, "secretHash");
    }

    public boolean expiredAt(Instant now) {
        return expiresAt.filter(expiry -> !now.isBefore(expiry)).isPresent();
    }
}
