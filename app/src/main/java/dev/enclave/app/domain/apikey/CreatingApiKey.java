package dev.enclave.app.domain.apikey;

import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.permission.Holding;
import dev.enclave.app.domain.permission.Permission;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.identity.UserKey;
import jakarta.inject.Singleton;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** An owner or admin creates a named API key; its secret exists only in the answer. */
@Singleton
public record CreatingApiKey(ApiKeys keys, ApiKeyQuota settings, Clock clock) {

    private static final SecureRandom RANDOM = new SecureRandom();

    /**
     * What a create asks for: expiry in whole days from now, if any; made by {@code creator}, a member since
     * {@code creatorJoinedAt}, who holds {@code creatorHolds} as the access decision read it.
     */
    public record Command(Organisation organisation, String name, ApiKeyAccess access, Optional<Integer> expiresInDays,
                          String createdBy, UserKey creator, Instant creatorJoinedAt, Holding creatorHolds,
                          Set<ApiKeyPermission> permissions) {

        /** What the key takes from its creator: {@code credentials:issue} when it takes credentials, and its own. */
        public Set<Permission> handedOn() {
            return Stream.concat(access.credentials().map(credentials -> SystemPermissions.CREDENTIALS_ISSUE).stream(),
                    permissions.stream().map(ApiKeyPermission::asPermission)).collect(Collectors.toSet());
        }
    }

    /** The stored key and, once, its secret. */
    public record Created(ApiKey key, ApiKeySecret secret) {
    }

    /** The key, or why not: a permission its creator does not hold, the organisation's limit, or its status. */
    public Outcome<Created> create(Command command) {
        if (command.access() == ApiKeyAccess.NONE && command.permissions().isEmpty()) {
            return Outcome.invalid("permissions", "a key with access none takes no credentials, so it needs a "
                    + "permission (events:read, audit_log:read or audit_log:write) to be of any use");
        }
        if (command.access().credentials().isPresent()
                && !command.creatorHolds().holds(SystemPermissions.CREDENTIALS_ISSUE)) {
            return Outcome.refused(Reason.MISSING_ROLE, "A key takes AWS credentials for the organisation's data: "
                    + "creating one needs credentials:issue, which you do not hold.");
        }
        Optional<ApiKeyPermission> notHeld = command.permissions().stream()
                .filter(permission -> !command.creatorHolds().holds(permission.asPermission())).sorted().findFirst();
        if (notHeld.isPresent()) {
            return Outcome.refused(Reason.MISSING_ROLE, "You do not hold " + notHeld.get().wire()
                    + ", so a key you create cannot have it.");
        }
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        ApiKeyId id = ApiKeyId.random(RANDOM);
        ApiKeySecret secret = ApiKeySecret.issue(command.organisation().id(), id, RANDOM);
        ApiKey key = new ApiKey(id, command.organisation().id(), command.name(), command.access(), command.createdBy(), now,
                command.expiresInDays().map(days -> now.plus(days, ChronoUnit.DAYS)), Optional.empty(),
                secret.hash()).createdByMember(command.creator(), command.creatorJoinedAt())
                .allowed(command.permissions());
        return switch (keys.create(key, command.organisation(), settings.getMaximumApiKeys())) {
            case CREATED -> Outcome.done(new Created(key, secret));
            case LIMIT_REACHED -> Outcome.refused(Reason.API_KEY_LIMIT_REACHED,
                    "Revoke an API key before creating another.");
            case ORGANISATION_NOT_ACTIVE -> Outcome.refused(Reason.ORGANISATION_SUSPENDED,
                    "The organisation is not active.");
        };
    }
}
