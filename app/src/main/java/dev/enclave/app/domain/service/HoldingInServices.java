package dev.enclave.app.domain.service;

import dev.enclave.app.domain.permission.EffectivePermissions;
import dev.enclave.app.domain.permission.Permission;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a member holds within a service: every permission they hold in the organisation, and what their groups of
 * that service carry there.
 */
public record HoldingInServices(EffectivePermissions organisationWide, Set<ServiceGroup> serviceGroups) {

    public HoldingInServices {
        Objects.requireNonNull(organisationWide, "organisationWide");
        serviceGroups = Set.copyOf(serviceGroups);
    }

    /** Whether {@code permission} is held within {@code service} (as read, with what its groups carry). */
    public boolean holdsIn(Service service, Permission permission) {
        return organisationWide.holds(permission) || service.groups().anyCarries(serviceGroups.stream()
                .filter(group -> group.service().equals(service.id())).map(ServiceGroup::group)
                .collect(Collectors.toSet()), permission);
    }

    /** The first of {@code permissions} not held within {@code service}, if any. */
    public Optional<Permission> lackedIn(Service service, Set<Permission> permissions) {
        return permissions.stream().sorted().filter(permission -> !holdsIn(service, permission)).findFirst();
    }
}
