package dev.enclave.app.domain.service;

import dev.enclave.app.domain.permission.GroupName;
import java.util.Objects;
import java.util.Optional;

/** A group of one service, written {@code <service>/<group>} on the wire and in invitations. */
public record ServiceGroup(ServiceId service, GroupName group) {

    /** The pattern of the written form. */
    public static final String PATTERN = GroupName.PATTERN + "/" + GroupName.PATTERN;

    public ServiceGroup {
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(group, "group");
    }

    /** The service group {@code value} writes, if it is one. */
    public static Optional<ServiceGroup> parse(String value) {
        int slash = value == null ? -1 : value.indexOf('/');
        if (slash < 0) {
            return Optional.empty();
        }
        return parse(value.substring(0, slash), value.substring(slash + 1));
    }

    /** The group {@code group} of the service {@code service}, if they are a service id and a group name. */
    public static Optional<ServiceGroup> parse(String service, String group) {
        return ServiceId.parse(service).flatMap(id -> GroupName.parse(group).map(name -> new ServiceGroup(id, name)));
    }

    /** The written form, {@code <service>/<group>}. */
    public String written() {
        return service.value() + "/" + group.value();
    }
}
