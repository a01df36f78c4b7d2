package dev.enclave.app.invitation;

import dev.enclave.app.platform.GroupName;
import dev.enclave.app.service.ServiceGroup;
import dev.enclave.app.service.ServiceId;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * An invitation to join an organisation. Its accept token is never stored, only its hash; the groups are granted
 * only when it is accepted.
 *
 * @param groups        the organisation's groups granted on accepting (every member gets {@code member} anyway)
 * @param serviceGroups the service groups granted on accepting
 * @param invitedBy     the user id ({@code sub}) of who invited, or of the platform admin who onboarded the tenant
 * @param acceptedBy    who accepted it, once accepted
 */
public record Invitation(TenantId tenant, InvitationId id, Email email, Set<GroupName> groups,
                         Set<ServiceGroup> serviceGroups, String tokenHash, InvitationStatus status, Instant createdAt,
                         Instant validUntil, String invitedBy, Optional<UserKey> acceptedBy) {

    public Invitation {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(email, "email");
        Objects.requireNonNull(tokenHash, "tokenHash");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(invitedBy, "invitedBy");
        Objects.requireNonNull(acceptedBy, "acceptedBy");
        groups = Set.copyOf(groups);
        serviceGroups = Set.copyOf(serviceGroups);
    }

    /** The invitation granting none of the groups of {@code services}: what accepting does once they are gone. */
    public Invitation withoutServices(Set<ServiceId> services) {
        return new Invitation(tenant, id, email, groups, serviceGroups.stream()
                .filter(granted -> !services.contains(granted.service())).collect(Collectors.toSet()), tokenHash,
                status, createdAt, validUntil, invitedBy, acceptedBy);
    }

    public boolean expiredAt(Instant now) {
        return !now.isBefore(validUntil);
    }
}
