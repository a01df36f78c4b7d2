package dev.enclave.app.domain.apikey;

import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * An organisation's API key, as stored: never the secret, only its hash.
 *
 * @param access     the credentials it takes for the organisation's data namespace, if any
 * @param createdBy  the user id of the owner or admin who created it
 * @param expiresAt  when it stops working by itself, if ever
 * @param lastUsedAt when it was last used (recorded at most once a minute)
 * @param creator    the member who created it, whose authority it carries: it works only while they are still an
 *                   admin or owner of the organisation (empty: a key stored before creators were recorded)
 * @param permissions what it may do besides obtaining credentials
 * @param creatorJoinedAt when the creator's membership began: the key works only for that membership, not for one
 *                   of the same user made again after a removal (empty: a key stored before it was recorded)
 */
public record ApiKey(ApiKeyId id, TenantId tenant, String name, ApiKeyAccess access, String createdBy, Instant createdAt,
                     Optional<Instant> expiresAt, Optional<Instant> lastUsedAt, String secretHash,
                     Optional<UserKey> creator, Set<ApiKeyPermission> permissions,
                     Optional<Instant> creatorJoinedAt) {

    /** A key whose creator's membership is not on record. */
    public ApiKey(ApiKeyId id, TenantId tenant, String name, ApiKeyAccess access, String createdBy, Instant createdAt,
                  Optional<Instant> expiresAt, Optional<Instant> lastUsedAt, String secretHash,
                  Optional<UserKey> creator, Set<ApiKeyPermission> permissions) {
        this(id, tenant, name, access, createdBy, createdAt, expiresAt, lastUsedAt, secretHash, creator, permissions,
                Optional.empty());
    }

    /** A key that may only obtain credentials. */
    public ApiKey(ApiKeyId id, TenantId tenant, String name, ApiKeyAccess access, String createdBy, Instant createdAt,
                  Optional<Instant> expiresAt, Optional<Instant> lastUsedAt, String secretHash,
                  Optional<UserKey> creator) {
        this(id, tenant, name, access, createdBy, createdAt, expiresAt, lastUsedAt, secretHash, creator, Set.of());
    }

    /** A key with no creator on record. */
    public ApiKey(ApiKeyId id, TenantId tenant, String name, ApiKeyAccess access, String createdBy, Instant createdAt,
                  Optional<Instant> expiresAt, Optional<Instant> lastUsedAt, String secretHash) {
        this(id, tenant, name, access, createdBy, createdAt, expiresAt, lastUsedAt, secretHash, Optional.empty());
    }

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
        Objects.requireNonNull(creator, "creator");
        permissions = Set.copyOf(permissions);
        Objects.requireNonNull(creatorJoinedAt, "creatorJoinedAt");
    }

    /** The key created by {@code member}, whose membership began {@code joinedAt}, and whose authority it carries. */
    public ApiKey createdByMember(UserKey member, Instant joinedAt) {
        return new ApiKey(id, tenant, name, access, createdBy, createdAt, expiresAt, lastUsedAt, secretHash,
                Optional.of(member), permissions, Optional.of(joinedAt));
    }

    /** This key, allowed {@code granted} too. */
    public ApiKey allowed(Set<ApiKeyPermission> granted) {
        return new ApiKey(id, tenant, name, access, createdBy, createdAt, expiresAt, lastUsedAt, secretHash, creator,
                granted, creatorJoinedAt);
    }

    /** Whether {@code joinedAt} is the beginning of the membership that created this key (unknown: any). */
    public boolean createdInMembershipOf(Instant joinedAt) {
        return creatorJoinedAt.map(joinedAt::equals).orElse(true);
    }

    public boolean may(ApiKeyPermission permission) {
        return permissions.contains(permission);
    }

    public boolean expiredAt(Instant now) {
        return expiresAt.filter(expiry -> !now.isBefore(expiry)).isPresent();
    }
}
