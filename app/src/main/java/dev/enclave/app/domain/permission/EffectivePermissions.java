package dev.enclave.app.domain.permission;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a member may do, each permission with the groups it comes from. An owner holds every permission, the
 * organisation's own ones too ({@code everything}); their sources list the system permissions and every permission
 * a custom group names.
 */
public record EffectivePermissions(SortedMap<Permission, SortedSet<GroupName>> sources, boolean everything) {

    public EffectivePermissions {
        TreeMap<Permission, SortedSet<GroupName>> copy = new TreeMap<>();
        sources.forEach((permission, groups) -> copy.put(permission, Collections.unmodifiableSortedSet(
                new TreeSet<>(groups))));
        sources = Collections.unmodifiableSortedMap(copy);
    }

    /** The permissions of {@code groups} as {@code definitions} define them; {@code everything} for an owner. */
    static EffectivePermissions of(Set<GroupName> groups, Map<GroupName, Set<Permission>> definitions,
                                   boolean everything) {
        TreeMap<Permission, SortedSet<GroupName>> sources = new TreeMap<>();
        definitions.forEach((group, permissions) -> {
            if (groups.contains(group)) {
                permissions.forEach(permission -> sources.computeIfAbsent(permission, p -> new TreeSet<>())
                        .add(group));
            }
        });
        return new EffectivePermissions(sources, everything);
    }

    public boolean holds(Permission permission) {
        return everything || sources.containsKey(permission);
    }

    /** Whether every one of {@code permissions} is held. */
    public boolean holdsAll(Set<Permission> permissions) {
        return permissions.stream().allMatch(this::holds);
    }

    /** The groups that give {@code permission} ({@code owner} for any, to an owner); empty when it is not held. */
    public Set<GroupName> sourcesOf(Permission permission) {
        if (everything) {
            return Set.of(GroupName.OWNER);
        }
        return sources.getOrDefault(permission, Collections.emptySortedSet());
    }
}
