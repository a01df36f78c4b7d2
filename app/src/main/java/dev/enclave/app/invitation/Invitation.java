package dev.enclave.app.invitation;

import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * An invitation to join an organisation. Its accept token is never stored, only its hash; the groups are granted
 * only when it is accepted.
 *
 * @param serviceGroups the service groups granted on accepting, each {@code <service>/<group>}
 * @param acceptedBy the user digest of who accepted it, once accepted
 */
public record Invitation(TenantId tenant, InvitationId id, Email email, Set<String> groups, Set<String> serviceGroups,
                         String tokenHash,
                         InvitationStatus status, Instant createdAt, Instant validUntil, String invitedBy,
                         Optional<String> acceptedBy) {

    public Invitation {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(email, "email");
        Objects.requireNonNull(tokenHash, "tokenHash");
        Objects.requireNonNull(status, "status");
        groups = Set.copyOf(groups);
        serviceGroups = Set.copyOf(serviceGroups);
    }

    public boolean expiredAt(Instant now) {
        return !now.isBefore(validUntil);
    }
}
