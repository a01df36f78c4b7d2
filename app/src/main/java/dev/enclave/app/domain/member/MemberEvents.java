package dev.enclave.app.domain.member;

import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.app.domain.event.Target;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.identity.Email;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The events of memberships: joins, removals, group edits, ownership handed over. */
public final class MemberEvents {

    private MemberEvents() {
    }

    public static NewEvent added(Membership member) {
        Map<String, Object> changes = new HashMap<>(Map.of("groups", names(member.groups())));
        member.email().ifPresent(email -> changes.put("email", email.value()));
        return NewEvent.of(EventType.MEMBER_ADDED, Target.member(member.userId()), changes);
    }

    /** Removed, or {@code left}, with the service groups (written {@code service/group}) that went with them. */
    public static NewEvent removed(Membership member, boolean left, Set<String> serviceGroups) {
        Map<String, Object> changes = new HashMap<>(Map.of("groups", names(member.groups()), "left", left,
                "serviceGroups", serviceGroups.stream().sorted().toList()));
        member.email().map(Email::value).ifPresent(email -> changes.put("email", email));
        return NewEvent.of(EventType.MEMBER_REMOVED, Target.member(member.userId()), changes);
    }

    /**
     * A group granted or taken away. Group edits are atomic set edits (concurrent edits compose, decided by the
     * write's condition, not by a read before it), so the event says what was added or removed, not the whole set.
     */
    public static NewEvent groupsChanged(String userId, GroupName group, boolean granted) {
        return NewEvent.of(EventType.MEMBER_GROUPS_CHANGED, Target.member(userId),
                Map.of(granted ? "added" : "removed", List.of(group.value())));
    }

    public static NewEvent ownershipTransferred(Membership from, String toUserId) {
        return new NewEvent(EventType.OWNERSHIP_TRANSFERRED, List.of(Target.member(from.userId()),
                Target.member(toUserId)), NewEvent.change("owner", from.userId(), toUserId),
                Optional.empty(), Optional.empty());
    }

    private static List<String> names(Set<GroupName> groups) {
        return groups.stream().map(GroupName::value).sorted().toList();
    }
}
