package dev.enclave.app.domain.permission;

import java.util.Set;

/**
 * What a change checks of its actor when it is written: that they still hold one of {@code groups} (the groups
 * their permission came from when it was decided) and, when one of those is a custom group, that the definitions are
 * still at {@code definitionsVersion}, so a permission taken from a group meanwhile stops the change.
 */
public record Authority(Set<GroupName> groups, long definitionsVersion) {

    public Authority {
        groups = Set.copyOf(groups);
    }

    /** The owner group's, which no definition changes. */
    public static Authority owner() {
        return new Authority(Set.of(GroupName.OWNER), 0);
    }

    /** Whether a custom group is among the groups, so the definitions must not have changed. */
    public boolean onCustomGroups() {
        return groups.stream().anyMatch(group -> !SystemPermissions.isBuiltIn(group));
    }

    /** Whether a member holding {@code held} still has it (the definitions aside). */
    public boolean heldBy(Set<GroupName> held) {
        return held.stream().anyMatch(groups::contains);
    }
}
