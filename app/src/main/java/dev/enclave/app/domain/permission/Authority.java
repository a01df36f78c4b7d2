package dev.enclave.app.domain.permission;

import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * What a change checks of its actor when it is written: that they still hold one of {@code groups} (the groups
 * their permission came from when it was decided) and every one of {@code kept} (the groups what they give came
 * from), and, when a custom group is among them or among what is given ({@code definitionsPinned}), that the
 * definitions are still at {@code definitionsVersion}, so a permission taken from a group meanwhile stops the change.
 */
public record Authority(Set<GroupName> groups, long definitionsVersion, Set<GroupName> kept,
                        boolean definitionsPinned) {

    public Authority {
        groups = Set.copyOf(groups);
        kept = Set.copyOf(kept);
    }

    /** The authority of one permission, coming from one of {@code groups}. */
    public Authority(Set<GroupName> groups, long definitionsVersion) {
        this(groups, definitionsVersion, Set.of(), false);
    }

    /** The owner group's, which no definition changes. */
    public static Authority owner() {
        return new Authority(Set.of(GroupName.OWNER), 0);
    }

    /** This authority, also keeping every one of {@code groups}, and the definitions when {@code pinned}. */
    public Authority keeping(Set<GroupName> groups, boolean pinned) {
        Set<GroupName> all = new TreeSet<>(kept);
        all.addAll(groups);
        return new Authority(this.groups, definitionsVersion, all, definitionsPinned || pinned);
    }

    /** Whether the definitions must not have changed: a custom group is among the groups, or the change pins them. */
    public boolean onCustomGroups() {
        return definitionsPinned || Stream.concat(groups.stream(), kept.stream())
                .anyMatch(group -> !SystemPermissions.isBuiltIn(group));
    }

    /** Whether a member holding {@code held} still has it (the definitions aside). */
    public boolean heldBy(Set<GroupName> held) {
        return held.stream().anyMatch(groups::contains) && held.containsAll(kept);
    }
}
