package dev.enclave.app.domain.service;

import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.app.domain.event.Target;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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

    /** {@code userId} joined ({@code added}) or left a group of the service. */
    public static NewEvent groupMember(ServiceGroup group, String userId, boolean added) {
        return new NewEvent(added ? EventType.SERVICE_GROUP_MEMBER_ADDED : EventType.SERVICE_GROUP_MEMBER_REMOVED,
                List.of(Target.service(group.service().value()), Target.member(userId)),
                Map.of("group", group.group().value()), Optional.empty(), Optional.empty());
    }
}
