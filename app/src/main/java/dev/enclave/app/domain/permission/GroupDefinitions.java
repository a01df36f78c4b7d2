package dev.enclave.app.domain.permission;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * An organisation's custom groups as read in one item with the access decision: with the built-in groups, what
 * each group name gives. A group name nobody defined (a label such as {@code billing} given before it was defined)
 * gives nothing beyond membership.
 *
 * @param version counts changes to the definitions; 0 when the organisation never defined a group
 */
public record GroupDefinitions(SortedMap<GroupName, CustomGroup> custom, long version) {

    /** The most custom groups an organisation defines. */
    public static final int MAX_GROUPS = 50;

    /** An organisation without custom groups. */
    public static final GroupDefinitions NONE = new GroupDefinitions(new TreeMap<>(), 0);

    public GroupDefinitions {
        custom = Collections.unmodifiableSortedMap(new TreeMap<>(custom));
    }

    /** What holding {@code group} gives. */
    public Set<Permission> permissionsOf(GroupName group) {
        return SystemPermissions.ofBuiltIn(group)
                .orElseGet(() -> Optional.ofNullable(custom.get(group)).map(CustomGroup::permissions).orElse(Set.of()));
    }

    /**
     * What a member holding {@code held} may do: every member holds {@code member}, whatever their membership lists.
     * An owner holds every permission: the system ones come from {@code owner}, and so does each permission any
     * custom group names.
     */
    public EffectivePermissions effective(Set<GroupName> held) {
        Set<GroupName> groups = new TreeSet<>(held);
        groups.add(GroupName.MEMBER);
        Map<GroupName, Set<Permission>> definitions = new HashMap<>();
        groups.forEach(group -> definitions.put(group, permissionsOf(group)));
        boolean owner = groups.contains(GroupName.OWNER);
        if (owner) {
            Set<Permission> all = new TreeSet<>(SystemPermissions.ALL);
            custom.values().forEach(group -> all.addAll(group.permissions()));
            definitions.put(GroupName.OWNER, all);
        }
        return EffectivePermissions.of(groups, definitions, owner);
    }

    /**
     * Whether a member holding {@code held} has {@code permission}: what {@link #effective} would answer, without
     * working out every other permission and its sources (a permission check asks this once per check).
     */
    public boolean holds(Set<GroupName> held, Permission permission) {
        return held.contains(GroupName.OWNER) || permissionsOf(GroupName.MEMBER).contains(permission)
                || held.stream().anyMatch(group -> permissionsOf(group).contains(permission));
    }

    public Optional<CustomGroup> find(GroupName id) {
        return Optional.ofNullable(custom.get(id));
    }

    /** These definitions with {@code group} put in (added or replaced), one version on. */
    public GroupDefinitions with(CustomGroup group) {
        TreeMap<GroupName, CustomGroup> changed = new TreeMap<>(custom);
        changed.put(group.id(), group);
        return new GroupDefinitions(changed, version + 1);
    }

    /** These definitions without {@code id}, one version on. */
    public GroupDefinitions without(GroupName id) {
        TreeMap<GroupName, CustomGroup> changed = new TreeMap<>(custom);
        changed.remove(id);
        return new GroupDefinitions(changed, version + 1);
    }
}
