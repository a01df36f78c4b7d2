package dev.enclave.app.domain.invitation;

import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
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
 * @param inviter       the member who invited, whose authority the invitation carries: it can be accepted only while
 *                      they are still a member who may grant what it grants (empty: the platform's onboarding, or
 *                      an invitation stored before inviters were recorded)
 * @param serviceGenerations the generation of each service it grants groups of, as sent: a service deleted and
 *                      created again under its id is another service, whose groups the invitation does not grant
 *                      (none recorded: an invitation stored before generations were, checked by id alone)
 * @param inviterName   the inviter's display name when they sent it (their profile's copy on their membership), for
 *                      the invitee and the organisation's lists; empty when they had none, or for older invitations
 * @param inviterJoinedAt when the inviter's membership began: only that membership's authority carries the
 *                      invitation, not one of the same user made again after a removal (empty: older invitations)
 */
public record Invitation(TenantId tenant, InvitationId id, Email email, Set<GroupName> groups,
                         Set<ServiceGroup> serviceGroups, String tokenHash, InvitationStatus status, Instant createdAt,
                         Instant validUntil, String invitedBy, Optional<UserKey> acceptedBy, Optional<UserKey> inviter,
                         Map<ServiceId, String> serviceGenerations, Optional<String> inviterName,
                         Optional<Instant> inviterJoinedAt) {

    /** An invitation whose inviter's membership is not on record. */
    public Invitation(TenantId tenant, InvitationId id, Email email, Set<GroupName> groups,
                      Set<ServiceGroup> serviceGroups, String tokenHash, InvitationStatus status, Instant createdAt,
                      Instant validUntil, String invitedBy, Optional<UserKey> acceptedBy, Optional<UserKey> inviter,
                      Map<ServiceId, String> serviceGenerations, Optional<String> inviterName) {
        this(tenant, id, email, groups, serviceGroups, tokenHash, status, createdAt, validUntil, invitedBy, acceptedBy,
                inviter, serviceGenerations, inviterName, Optional.empty());
    }

    /** An invitation without its inviter's name. */
    public Invitation(TenantId tenant, InvitationId id, Email email, Set<GroupName> groups,
                      Set<ServiceGroup> serviceGroups, String tokenHash, InvitationStatus status, Instant createdAt,
                      Instant validUntil, String invitedBy, Optional<UserKey> acceptedBy, Optional<UserKey> inviter,
                      Map<ServiceId, String> serviceGenerations) {
        this(tenant, id, email, groups, serviceGroups, tokenHash, status, createdAt, validUntil, invitedBy, acceptedBy,
                inviter, serviceGenerations, Optional.empty());
    }

    /** An invitation with no inviter on record and no service generations yet. */
    public Invitation(TenantId tenant, InvitationId id, Email email, Set<GroupName> groups,
                      Set<ServiceGroup> serviceGroups, String tokenHash, InvitationStatus status, Instant createdAt,
                      Instant validUntil, String invitedBy, Optional<UserKey> acceptedBy) {
        this(tenant, id, email, groups, serviceGroups, tokenHash, status, createdAt, validUntil, invitedBy, acceptedBy,
                Optional.empty(), Map.of());
    }

    public Invitation {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(email, "email");
        Objects.requireNonNull(tokenHash, "tokenHash");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(invitedBy, "invitedBy");
        Objects.requireNonNull(acceptedBy, "acceptedBy");
        Objects.requireNonNull(inviter, "inviter");
        Objects.requireNonNull(inviterName, "inviterName");
        Objects.requireNonNull(inviterJoinedAt, "inviterJoinedAt");
        validUntil = wholeSeconds(validUntil);
        groups = Set.copyOf(groups);
        serviceGroups = Set.copyOf(serviceGroups);
        serviceGenerations = Map.copyOf(serviceGenerations);
    }

    /** The invitation granting none of the groups of {@code services}: what accepting does once they are gone. */
    public Invitation withoutServices(Set<ServiceId> services) {
        return new Invitation(tenant, id, email, groups, serviceGroups.stream()
                .filter(granted -> !services.contains(granted.service())).collect(Collectors.toSet()), tokenHash,
                status, createdAt, validUntil, invitedBy, acceptedBy, inviter, serviceGenerations, inviterName,
                inviterJoinedAt);
    }

    /**
     * The invitation granting none of {@code gone}: custom groups deleted since it was sent (and perhaps defined
     * again: another group than the one it granted), so accepting goes on without them.
     */
    public Invitation withoutGroups(Set<GroupName> gone) {
        Set<GroupName> kept = groups.stream().filter(group -> !gone.contains(group)).collect(Collectors.toSet());
        return new Invitation(tenant, id, email, kept, serviceGroups, tokenHash, status, createdAt, validUntil,
                invitedBy, acceptedBy, inviter, serviceGenerations, inviterName, inviterJoinedAt);
    }

    /** Whether it grants a group that is not built in: a custom group, or a name no group defines (a label). */
    public boolean grantsCustomGroups() {
        return groups.stream().anyMatch(group -> !SystemPermissions.isBuiltIn(group));
    }

    /**
     * The invitation sent by {@code member} in their membership that began {@code joinedAt}, whose authority it
     * carries, named {@code name} when they sent it.
     */
    public Invitation invitedBy(UserKey member, Instant joinedAt, Optional<String> name) {
        return new Invitation(tenant, id, email, groups, serviceGroups, tokenHash, status, createdAt, validUntil,
                invitedBy, acceptedBy, Optional.of(member), serviceGenerations, name, Optional.of(joinedAt));
    }

    /**
     * The invitation resent by {@code member} (user id {@code userId}, in their membership that began
     * {@code joinedAt}, named {@code name}): from then on it carries their authority, who just showed they may grant
     * what it grants, not its first sender's, who may have left since.
     */
    public Invitation resentBy(UserKey member, String userId, Instant joinedAt, Optional<String> name) {
        return new Invitation(tenant, id, email, groups, serviceGroups, tokenHash, status, createdAt, validUntil,
                userId, acceptedBy, Optional.of(member), serviceGenerations, name, Optional.of(joinedAt));
    }

    /** The invitation sent by {@code member}, whose authority it carries (their membership not on record). */
    public Invitation invitedBy(UserKey member) {
        return new Invitation(tenant, id, email, groups, serviceGroups, tokenHash, status, createdAt, validUntil,
                invitedBy, acceptedBy, Optional.of(member), serviceGenerations, inviterName, Optional.empty());
    }

    /** Whether a membership that began {@code joinedAt} is the one that sent it (not on record: any). */
    public boolean sentInMembershipOf(Instant joinedAt) {
        return inviterJoinedAt.map(joinedAt::equals).orElse(true);
    }

    /** The invitation with the generations of the services it grants groups of, as they were when it was sent. */
    public Invitation withServiceGenerations(Map<ServiceId, String> generations) {
        return new Invitation(tenant, id, email, groups, serviceGroups, tokenHash, status, createdAt, validUntil,
                invitedBy, acceptedBy, inviter, generations, inviterName, inviterJoinedAt);
    }

    /** The invitation with another status, token hash and validity, and everything else as it was. */
    public Invitation as(InvitationStatus newStatus, String newTokenHash, Instant newValidUntil,
                         Optional<UserKey> newAcceptedBy) {
        return new Invitation(tenant, id, email, groups, serviceGroups, newTokenHash, newStatus, createdAt,
                newValidUntil, invitedBy, newAcceptedBy, inviter, serviceGenerations, inviterName, inviterJoinedAt);
    }

    /** The services it grants groups of. */
    public Set<ServiceId> grantedServices() {
        return serviceGroups.stream().map(ServiceGroup::service).collect(Collectors.toSet());
    }

    public boolean expiredAt(Instant now) {
        return !now.isBefore(validUntil);
    }

    /** A validity as it is stored and answered (whole seconds), so every event and answer of one agrees. */
    public static Instant wholeSeconds(Instant validUntil) {
        return validUntil.truncatedTo(ChronoUnit.SECONDS);
    }
}
