package dev.enclave.app.domain.service;

import dev.enclave.app.domain.permission.EffectivePermissions;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.Holding;
import dev.enclave.app.domain.permission.Permission;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What an acting member holds within services, as the decision read it: every permission their groups give in the
 * organisation, and what their groups of a service carry there. A change judged on it is written only while the
 * member still holds what was read (their membership joined at {@code joinedAt}, its groups, and its service groups
 * of the service the change is in).
 */
public record HoldingInServices(TenantId tenant, UserKey user, Instant joinedAt, Holding holding,
                                Set<ServiceGroup> serviceGroups) {

    public HoldingInServices {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(joinedAt, "joinedAt");
        Objects.requireNonNull(holding, "holding");
        serviceGroups = Set.copyOf(serviceGroups);
    }

    public EffectivePermissions organisationWide() {
        return holding.permissions();
    }

    /** The member's groups of {@code service}. */
    public Set<GroupName> groupsOf(ServiceId service) {
        return serviceGroups.stream().filter(group -> group.service().equals(service)).map(ServiceGroup::group)
                .collect(Collectors.toSet());
    }

    /** Whether {@code permission} is held within {@code service} (as read, with what its groups carry). */
    public boolean holdsIn(Service service, Permission permission) {
        return organisationWide().holds(permission) || service.groups().anyCarries(groupsOf(service.id()),
                permission);
    }

    /** The first of {@code permissions} not held within {@code service}, if any. */
    public Optional<Permission> lackedIn(Service service, Set<Permission> permissions) {
        return permissions.stream().sorted().filter(permission -> !holdsIn(service, permission)).findFirst();
    }

    /** Why the member may not give or take {@code group} of {@code service}, if not: it carries what they lack. */
    public Optional<String> whyNotGive(Service service, GroupName group) {
        return lackedIn(service, service.groups().of(group)).map(lacked -> "The " + service.id().value() + "/"
                + group.value() + " group carries " + lacked.value() + ", which you do not hold.");
    }
}
