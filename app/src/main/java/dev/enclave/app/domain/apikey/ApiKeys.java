package dev.enclave.app.domain.apikey;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.permission.Permission;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** An organisation's API keys, each counted on the organisation so their number stays bounded. */
public interface ApiKeys {

    /**
     * Stores {@code key} if the organisation is still {@code organisation}'s incarnation, active, and holds fewer than
     * {@code maximum} keys.
     */
    CreateOutcome create(ApiKey key, Organisation organisation, int maximum);

    /** The organisation's keys in its life {@code in}, oldest first. */
    List<ApiKey> list(TenantId tenant, Incarnation in);

    /**
     * The key as its lookup entry has it: one read outside every tenant's partition, on credentials of their own,
     * so checking a presented key vends no tenant's credentials. Never decisive alone ({@link #find} is).
     */
    Optional<ApiKey> lookUp(TenantId tenant, ApiKeyId id);

    /** The key, its organisation and the membership of {@code creator} (the key's, as listed), in one read. */
    Lookup find(TenantId tenant, ApiKeyId id, Optional<UserKey> creator);

    /**
     * Deletes the key, of the organisation's life {@code in}; false when there was none (a key a predecessor under
     * the same id left is none: deleting it would lower a count its successor never raised).
     */
    boolean revoke(TenantId tenant, Incarnation in, ApiKeyId id);

    /** Records a use at {@code now} unless one was recorded at or after {@code notSince}. */
    void markUsed(TenantId tenant, ApiKeyId id, Instant now, Instant notSince);

    /** What {@link #create} did. */
    enum CreateOutcome { CREATED, LIMIT_REACHED, ORGANISATION_NOT_ACTIVE }

    /**
     * A key, its organisation and its creator's membership (when the key names a creator) as read together; any may
     * be absent.
     */
    record Lookup(Optional<ApiKey> key, Optional<Organisation> organisation, Optional<Membership> creator,
                  GroupDefinitions definitions) {

        /**
         * Whether {@code key}'s creator (the membership read is theirs), in the membership that created it (not one
         * made again after a removal), still holds {@code api_keys:manage}, and {@code credentials:issue} when the key
         * takes credentials, as the organisation defines them now.
         */
        public boolean creatorStillVouches(ApiKey key) {
            return creator.filter(member -> key.creator().filter(member.user()::equals).isPresent()
                    && key.createdInMembershipOf(member.joinedAt())).isPresent()
                    && creatorHolds(SystemPermissions.API_KEYS_MANAGE)
                    && (key.access().credentials().isEmpty() || creatorHolds(SystemPermissions.CREDENTIALS_ISSUE));
        }

        /**
         * Of {@code given}, the permissions the key's creator still holds: a key does what its creator could give it
         * and still could, so a permission they lose is the key's to lose too.
         */
        public Set<ApiKeyPermission> stillGiven(Set<ApiKeyPermission> given) {
            return given.stream().filter(permission -> creatorHolds(permission.asPermission()))
                    .collect(Collectors.toUnmodifiableSet());
        }

        private boolean creatorHolds(Permission permission) {
            return creator.filter(member -> definitions.holds(member.groups(), permission)).isPresent();
        }
    }
}
