package dev.enclave.app.domain.member;

import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.domain.permission.Authority;
import dev.enclave.app.domain.permission.CustomGroup;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.member.DynamoDbMembers;
import dev.enclave.app.infra.store.member.DynamoDbMembershipChanges;
import dev.enclave.app.infra.store.member.MembershipRules;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@link Members} in memory, answering as {@link DynamoDbMembers} does: every change is all or nothing, decided by the
 * same conditions its transaction writes carry (see {@link DynamoDbMembershipChanges}), and read back the same way. Each
 * organisation is taken to exist, with as many owners as it has memberships in the owner group (what its counter
 * holds, and what the consistency checker holds it to). A membership's dependents are only counted, for the limit of
 * one transaction; each one added or taken away moves the membership's version on, as recording it does.
 */
public final class InMemoryMembers implements Members, MembershipChanges {

    private final Map<TenantId, Map<UserKey, Stored>> tenants = new HashMap<>();
    private final Map<TenantId, Map<UserKey, Integer>> dependents = new HashMap<>();
    private Optional<Runnable> afterNextFind = Optional.empty();

    /** A membership and its copy of the organisation's name, as one item holds them. */
    private record Stored(Membership membership, OrganisationName organisation) {
    }

    /** The membership exists as given, with a copy of its organisation's name as items written before names were. */
    public InMemoryMembers add(Membership membership) {
        return add(membership, new OrganisationName(membership.tenant().value(), 0));
    }

    /** The membership exists as given, with {@code organisation} as its copy of the organisation's name. */
    public InMemoryMembers add(Membership membership, OrganisationName organisation) {
        tenant(membership.tenant()).put(membership.user(), new Stored(membership, organisation));
        return this;
    }

    /**
     * {@code count} items (service-group assignments) go with the member's membership, which moves on a version for
     * each one added or taken away since the last count.
     */
    public InMemoryMembers dependents(TenantId tenant, UserKey user, int count) {
        Integer before = dependents.computeIfAbsent(tenant, t -> new HashMap<>()).put(user, count);
        int moved = Math.abs(count - (before == null ? 0 : before));
        Stored stored = tenant(tenant).get(user);
        if (stored != null && moved > 0) {
            Membership m = stored.membership();
            tenant(tenant).put(user, new Stored(new Membership(m.tenant(), m.user(), m.userId(), m.issuer(), m.email(),
                    m.groups(), m.joinedAt(), m.version() + moved, m.profile(), m.serviceGroups()),
                    stored.organisation()));
        }
        return this;
    }

    /** The member is in exactly {@code groups} of services, each a dependent of their membership. */
    public InMemoryMembers serviceGroups(TenantId tenant, UserKey user, Set<ServiceGroup> groups) {
        dependents(tenant, user, groups.size());
        Stored stored = tenant(tenant).get(user);
        tenant(tenant).put(user, new Stored(stored.membership().inServiceGroups(groups), stored.organisation()));
        return this;
    }

    /** Runs {@code change} once, right after the next {@link #find} has answered: a concurrent writer's turn. */
    public InMemoryMembers afterNextFind(Runnable change) {
        afterNextFind = Optional.of(change);
        return this;
    }

    /** The organisation's owner count. */
    public int owners(TenantId tenant) {
        return (int) tenant(tenant).values().stream().filter(stored -> stored.membership().isOwner()).count();
    }

    /** The organisation's member count. */
    public int count(TenantId tenant) {
        return tenant(tenant).size();
    }

    @Override
    public Optional<Membership> find(TenantId tenant, UserKey user) {
        Optional<Membership> found = stored(tenant, user).map(Stored::membership);
        Optional<Runnable> concurrent = afterNextFind;
        afterNextFind = Optional.empty();
        concurrent.ifPresent(Runnable::run);
        return found;
    }

    /** In the table's key order (the user's digest), after {@code after}; the last one when the page is full. */
    @Override
    public MemberPage list(TenantId tenant, Incarnation in, int limit, Optional<UserKey> after) {
        List<Membership> members = tenant(tenant).values().stream().map(Stored::membership)
                .filter(m -> after.map(a -> m.user().digest().compareTo(a.digest()) > 0).orElse(true))
                .sorted(Comparator.comparing(m -> m.user().digest())).limit(limit).toList();
        Optional<UserKey> last = members.size() == limit && !members.isEmpty()
                ? Optional.of(members.get(members.size() - 1).user()) : Optional.empty();
        return new MemberPage(members, last);
    }

    @Override
    public UserMembershipPage ofUser(UserKey user, Optional<TenantId> in, int limit, Optional<String> after) {
        List<UserMembership> found = new ArrayList<>();
        tenants.entrySet().stream().sorted(Comparator.comparing(e -> e.getKey().value()))
                .filter(e -> in.map(e.getKey()::equals).orElse(true))
                .filter(e -> after.map(last -> e.getKey().value().compareTo(last) > 0).orElse(true))
                .forEach(e -> Optional.ofNullable(e.getValue().get(user))
                        .ifPresent(stored -> found.add(new UserMembership(stored.membership(), stored.organisation()))));
        List<UserMembership> page = found.subList(0, Math.min(limit, found.size()));
        return new UserMembershipPage(page, page.size() == limit && !page.isEmpty()
                ? Optional.of(page.get(page.size() - 1).membership().tenant().value()) : Optional.empty());
    }

    /**
     * The membership must be as read (its life and groups); an owner may go only while another owner is left; the member's
     * writes (membership, counters, email record) and their dependents must fit one transaction.
     */
    @Override
    public Change remove(Membership actor, Authority authority, Membership membership) {
        TenantId tenant = membership.tenant();
        boolean self = actor.user().equals(membership.user());
        if (stored(tenant, membership.user()).filter(s -> s.membership().groups().equals(membership.groups())
                && s.membership().joinedAt().equals(membership.joinedAt())).isEmpty()) {
            return Change.MEMBERSHIP_CHANGED;
        }
        if (!self && !acting(actor, authority)) {
            return Change.ACTOR_GONE;
        }
        if (self && !stored(tenant, actor.user()).get().membership().joinedAt().equals(actor.joinedAt())) {
            return Change.MEMBERSHIP_CHANGED;
        }
        int writes = 2 + (membership.email().isPresent() ? 1 : 0) + (self ? 0 : 1)
                + dependents.getOrDefault(tenant, Map.of()).getOrDefault(membership.user(), 0);
        if (writes > Transaction.MAX_CHANGE_WRITES_ON_THE_ORGANISATION) {
            return Change.TOO_LARGE;
        }
        if (membership.isOwner() && owners(tenant) <= 1) {
            return Change.LAST_OWNER;
        }
        tenant(tenant).remove(membership.user());
        dependents.getOrDefault(tenant, new HashMap<>()).remove(membership.user());
        return Change.DONE;
    }

    @Override
    /** The group as judged is held by the definitions' store, which these memberships do not keep. */
    public Change grant(Membership actor, Authority authority, UserKey user, String userId, GroupName group,
                        Optional<CustomGroup> judged, Optional<ExpectedVersion> expected) {
        return acting(actor, authority) ? editGroup(actor.tenant(), user, group, true, expected)
                : Change.ACTOR_GONE;
    }

    @Override
    public Change revoke(Membership actor, Authority authority, UserKey user, String userId, GroupName group,
                         Optional<ExpectedVersion> expected) {
        return acting(actor, authority) ? editGroup(actor.tenant(), user, group, false, expected)
                : Change.ACTOR_GONE;
    }

    /** A change by the platform, no member acting: what tests set up with. */
    public Change grant(TenantId tenant, UserKey user, GroupName group, Optional<ExpectedVersion> expected) {
        return editGroup(tenant, user, group, true, expected);
    }

    /** As {@link MembershipRules#stillActing}: the actor's membership as read, with the role. */
    private boolean acting(Membership actor, Authority authority) {
        return MembershipRules.stillActing(actor, stored(actor.tenant(), actor.user()).map(Stored::membership),
                authority);
    }

    /** The new owner is read first: already an owner, or no member, answers for them before the one leaving. */
    @Override
    public Change transferOwnership(Membership actor, UserKey to, String toUserId) {
        TenantId tenant = actor.tenant();
        UserKey from = actor.user();
        if (from.equals(to)) {
            throw new IllegalArgumentException("one transaction cannot write the same membership twice");
        }
        GroupName owner = GroupName.OWNER;
        if (stored(tenant, to).map(found -> found.membership().isOwner()).orElse(false)) {
            return revoke(actor, Authority.owner(), from, from.digest(), owner, Optional.empty());
        }
        Optional<Change> newOwnerRefused = refusedEdit(stored(tenant, to), owner, true, Optional.empty());
        if (newOwnerRefused.isPresent()) {
            return newOwnerRefused.get();
        }
        if (!acting(actor, Authority.owner())) {
            return Change.ACTOR_GONE;
        }
        edit(tenant, to, owner, true);
        edit(tenant, from, owner, false);
        return Change.DONE;
    }

    /** The membership's condition answers first; then, when the owner group is taken away, the owner count. */
    private Change editGroup(TenantId tenant, UserKey user, GroupName group, boolean adding,
                             Optional<ExpectedVersion> expected) {
        Optional<Change> refused = refusedEdit(stored(tenant, user), group, adding, expected);
        if (refused.isPresent()) {
            return refused.get();
        }
        if (!adding && group.isOwner() && owners(tenant) <= 1) {
            return Change.LAST_OWNER;
        }
        edit(tenant, user, group, adding);
        return Change.DONE;
    }

    /**
     * Why a group edit's condition refuses, if it does: no membership; a version the change did not expect; or the
     * group already as asked.
     */
    private static Optional<Change> refusedEdit(Optional<Stored> stored, GroupName group, boolean adding,
                                                Optional<ExpectedVersion> expected) {
        if (stored.isEmpty()) {
            return Optional.of(Change.NOT_A_MEMBER);
        }
        Membership membership = stored.get().membership();
        if (expected.filter(e -> !e.accepts(membership.life(), membership.version())).isPresent()) {
            return Optional.of(Change.VERSION_MISMATCH);
        }
        return membership.groups().contains(group) == adding ? Optional.of(Change.UNCHANGED)
                : Optional.empty();
    }

    private void edit(TenantId tenant, UserKey user, GroupName group, boolean adding) {
        Stored stored = tenant(tenant).get(user);
        Membership was = stored.membership();
        Set<GroupName> groups = new HashSet<>(was.groups());
        if (adding) {
            groups.add(group);
        } else {
            groups.remove(group);
        }
        tenant(tenant).put(user, new Stored(new Membership(was.tenant(), was.user(), was.userId(), was.issuer(),
                was.email(), groups, was.joinedAt(), was.version() + 1, was.profile(), was.serviceGroups()),
                stored.organisation()));
    }

    private Optional<Stored> stored(TenantId tenant, UserKey user) {
        return Optional.ofNullable(tenant(tenant).get(user));
    }

    private Map<UserKey, Stored> tenant(TenantId tenant) {
        return tenants.computeIfAbsent(tenant, t -> new HashMap<>());
    }
}
