package dev.enclave.app.domain.permission;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What an acting member holds in an organisation, as the access decision read it: their groups and the
 * organisation's definitions of them.
 */
public record Holding(Set<GroupName> groups, GroupDefinitions definitions) {

    public Holding {
        groups = Set.copyOf(groups);
        Objects.requireNonNull(definitions, "definitions");
    }

    public EffectivePermissions permissions() {
        return definitions.effective(groups);
    }

    public boolean holds(Permission permission) {
        return definitions.holds(groups, permission);
    }

    public boolean isOwner() {
        return groups.contains(GroupName.OWNER);
    }

    /**
     * The groups of which the actor must still hold one when a change that needs {@code permission} is written: the
     * groups it comes from now.
     */
    public Authority authorityFor(Permission permission) {
        return new Authority(permissions().sourcesOf(permission), definitions.version());
    }

    /**
     * The authority a change that needs {@code permission} and gives (or takes) {@code given} is written on: one of
     * the groups {@code permission} comes from, every group of the actor's that a permission the given groups carry
     * comes from (but those every member holds), and the definitions as read when one of those, or of the given
     * groups, is custom.
     */
    public Authority authorityToGive(Permission permission, Set<GroupName> given) {
        Set<Permission> carried = given.stream().filter(group -> !group.isOwner())
                .flatMap(group -> definitions.permissionsOf(group).stream()).collect(Collectors.toSet());
        boolean customGiven = given.stream().anyMatch(group -> !SystemPermissions.isBuiltIn(group));
        return authorityToHandOn(permission, carried).keeping(Set.of(), customGiven);
    }

    /**
     * {@link #authorityToGive}, for a change that may give {@code owner} too: only the owner group's, then.
     */
    public Authority authorityToGrant(Permission permission, Set<GroupName> given) {
        return given.stream().anyMatch(GroupName::isOwner) ? Authority.owner() : authorityToGive(permission, given);
    }

    /**
     * The authority a change that needs {@code permission} and hands {@code handed} on (to an API key, say) is
     * written on: one of the groups {@code permission} comes from, and every group of the actor's that one of
     * {@code handed} comes from, but for what every member holds.
     */
    public Authority authorityToHandOn(Permission permission, Set<Permission> handed) {
        EffectivePermissions held = permissions();
        Set<Permission> everyones = definitions.permissionsOf(GroupName.MEMBER);
        Set<GroupName> sources = new TreeSet<>();
        handed.stream().filter(carried -> !everyones.contains(carried))
                .forEach(carried -> sources.addAll(held.sourcesOf(carried)));
        sources.retainAll(groups);
        sources.remove(GroupName.MEMBER);
        return authorityFor(permission).keeping(sources, false);
    }

    /**
     * Why the actor may not remove a member holding {@code group}, if not: removing them takes it, so Enclave's own
     * permissions it carries must be the actor's (an organisation's own permissions are for its app to judge, and
     * its admins offboard their holders); only owners remove owners.
     */
    public Optional<String> whyNotRemoveHolderOf(GroupName group) {
        if (group.isOwner()) {
            return isOwner() ? Optional.empty() : Optional.of("Only owners remove owners.");
        }
        Set<Permission> carried = definitions.permissionsOf(group).stream().filter(SystemPermissions::isSystem)
                .collect(Collectors.toSet());
        return permissions().holdsAll(carried) ? Optional.empty() : Optional.of("Removing them takes the "
                + group.value() + " group, which carries Enclave permissions you do not hold.");
    }

    /**
     * Why the actor may not give (or take) {@code group}, if not: only owners give {@code owner}; anyone else gives a
     * group only when they hold every permission it carries.
     */
    public Optional<String> whyNotGive(GroupName group) {
        if (group.isOwner()) {
            return isOwner() ? Optional.empty() : Optional.of("Only owners grant or take the owner group.");
        }
        Set<Permission> carried = definitions.permissionsOf(group);
        return permissions().holdsAll(carried) ? Optional.empty() : Optional.of("The " + group.value()
                + " group carries permissions you do not hold.");
    }
}
