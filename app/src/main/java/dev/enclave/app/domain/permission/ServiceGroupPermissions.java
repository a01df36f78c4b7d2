package dev.enclave.app.domain.permission;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the groups of one service carry: the organisation's own permissions (never Enclave's), held by the group's
 * members within that service only. A group with no permissions is a plain label, as it was before groups carried
 * any.
 */
public record ServiceGroupPermissions(Map<GroupName, Set<Permission>> carried) {

    /** A service whose groups carry nothing. */
    public static final ServiceGroupPermissions NONE = new ServiceGroupPermissions(Map.of());
    /** The most groups of one service that carry permissions. */
    public static final int MAX_GROUPS = 50;

    public ServiceGroupPermissions {
        TreeMap<GroupName, Set<Permission>> copy = new TreeMap<>();
        carried.forEach((group, permissions) -> {
            if (!permissions.isEmpty()) {
                copy.put(group, Set.copyOf(new TreeSet<>(permissions)));
            }
        });
        carried = Collections.unmodifiableMap(copy);
    }

    /** What {@code group} carries; nothing for a label. */
    public Set<Permission> of(GroupName group) {
        return carried.getOrDefault(group, Set.of());
    }

    /** These definitions with {@code group} carrying {@code permissions} (none: a label again). */
    public ServiceGroupPermissions with(GroupName group, Set<Permission> permissions) {
        Map<GroupName, Set<Permission>> next = new TreeMap<>();
        next.putAll(carried);
        next.put(group, permissions);
        return new ServiceGroupPermissions(next);
    }

    /** Whether some group among {@code held} carries {@code permission}. */
    public boolean anyCarries(Set<GroupName> held, Permission permission) {
        return held.stream().anyMatch(group -> of(group).contains(permission));
    }

    /**
     * Why {@code permissions} cannot be carried by a service group, if not: Enclave's own resources are the
     * organisation's, never a service's, and the counts are bounded.
     */
    public static Optional<String> whyNotCarried(Set<Permission> permissions) {
        if (permissions.size() > CustomGroup.MAX_PERMISSIONS) {
            return Optional.of("a service group carries at most " + CustomGroup.MAX_PERMISSIONS + " permissions");
        }
        return permissions.stream().filter(SystemPermissions::inSystemResource).findFirst().map(p -> p.value()
                + " is Enclave's own resource: service groups carry only the organisation's own permissions");
    }
}
