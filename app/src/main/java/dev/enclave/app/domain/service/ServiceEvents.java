package dev.enclave.app.domain.service;

import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.app.domain.event.Target;
import dev.enclave.app.domain.permission.Permission;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The events of services and their groups' members. */
public final class ServiceEvents {

    private ServiceEvents() {
    }

    public static NewEvent created(ServiceId service, String name) {
        return NewEvent.of(EventType.SERVICE_CREATED, Target.service(service.value()), Map.of("name", name));
    }

    public static NewEvent renamed(Service before, String name) {
        return NewEvent.of(EventType.SERVICE_RENAMED, Target.service(before.id().value()),
                NewEvent.change("name", before.name(), name));
    }

    public static NewEvent deleted(ServiceId service) {
        return NewEvent.of(EventType.SERVICE_DELETED, Target.service(service.value()));
    }

    /** What {@code group} carries changed from {@code before} to {@code after}. */
    public static NewEvent groupPermissions(ServiceGroup group, Set<Permission> before, Set<Permission> after) {
        return new NewEvent(EventType.SERVICE_GROUP_PERMISSIONS_CHANGED,
                List.of(Target.service(group.service().value())), Map.of("group", group.group().value(),
                "permissions", Map.of("before", sorted(before), "after", sorted(after))), Optional.empty(),
                Optional.empty());
    }

    private static List<String> sorted(Set<Permission> permissions) {
        return permissions.stream().map(Permission::value).sorted().toList();
    }

    /** {@code userId} joined ({@code added}) or left a group of the service. */
    public static NewEvent groupMember(ServiceGroup group, String userId, boolean added) {
        return new NewEvent(added ? EventType.SERVICE_GROUP_MEMBER_ADDED : EventType.SERVICE_GROUP_MEMBER_REMOVED,
                List.of(Target.service(group.service().value()), Target.member(userId)),
                Map.of("group", group.group().value()), Optional.empty(), Optional.empty());
    }
}
