package dev.enclave.app.domain.permission;

import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.app.domain.event.Target;
import java.util.Map;

/** The events of an organisation's custom groups. */
final class GroupEvents {

    private GroupEvents() {
    }

    static NewEvent created(CustomGroup group) {
        return NewEvent.of(EventType.GROUP_CREATED, target(group.id()), settings(group));
    }

    static NewEvent updated(CustomGroup before, CustomGroup after) {
        return NewEvent.of(EventType.GROUP_UPDATED, target(after.id()),
                Map.of("before", settings(before), "after", settings(after)));
    }

    static NewEvent deleted(CustomGroup group) {
        return NewEvent.of(EventType.GROUP_DELETED, target(group.id()), settings(group));
    }

    private static Target target(GroupName id) {
        return Target.group(id.value());
    }

    private static Map<String, Object> settings(CustomGroup group) {
        return Map.of("description", group.description(), "permissions",
                group.permissions().stream().map(Permission::value).sorted().toList());
    }
}
