package dev.enclave.app.infra.store.member;

import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.app.domain.member.MemberEvents;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.member.MembershipChanges;
import dev.enclave.app.domain.member.MembershipChanges.Change;
import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.domain.permission.Authority;
import dev.enclave.app.domain.permission.CustomGroup;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.ScopedTable;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.TransactionOutcome;
import dev.enclave.app.infra.store.Write;
import dev.enclave.app.infra.store.WriteRole;
import dev.enclave.app.infra.store.organisation.OrganisationConditions;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link MembershipChanges} that keep the organisation's invariants, as conditional transactions on the
 * organisation's scoped client.
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
public record DynamoDbMembershipChanges(Store store, CheckedItems checked, MemberDependents dependents)
        implements MembershipChanges {

    /** The writes of a membership change. */
    enum Role implements WriteRole {
        /** The membership changed: it must be as read (removal) or as the change expects (group edits). */
        MEMBERSHIP,
        /** The organisation's member and owner counts: an owner may leave only while another one is left. */
        OWNER_LEFT,
        MEMBER_EMAIL,
        /** What goes with the member ({@link MemberDependents}). */
        DEPENDENT,
        /** Transferring ownership: the member gaining the owner group (the one losing it is {@link #OWNER_LEFT}). */
        NEW_OWNER,
        /** The actor's membership: still the one the change was decided on, with the role it needs. */
        ACTOR,
        /** The group definitions the actor's permission came from: as the decision read them. */
        ACTOR_DEFINITIONS
    }

    /**
     * Removes the membership as it was read, with everything that depends on it: the dependents are those the
     * membership records now (a strongly consistent read), and the removal is written only while it holds exactly
     * those dependents and the groups it was decided on, so a grant or an assignment since refuses it. The version
     * is not part of the condition: a copy of the member's profile moves it, and a member editing their profile
     * without pause must not hold off their own removal. The membership's life is part of it: one removed and added
     * again meanwhile is another membership (an owner now, perhaps), and is not removed on a decision about the
     * former.
     */
    @Override
    public Change remove(Membership actor, Authority authority, Membership membership) {
        ScopedTable table = table(membership.tenant());
        ItemKey key = MembershipKeys.key(membership.tenant(), membership.user());
        Map<String, AttributeValue> current = table.get(key);
        boolean self = actor.user().equals(membership.user());
        if (current.isEmpty() || !MembershipItems.life(current).equals(membership.life())
                || !MembershipItems.fromItem(current).groups().equals(membership.groups())
                || self && !actor.joinedAt().equals(membership.joinedAt())) {
            return Change.MEMBERSHIP_CHANGED;
        }
        Expr asRead = MembershipRules.sameMembership(membership).and(MembershipItems.sameGroupsAndDependents(current));
        Set<String> serviceGroups = MembershipItems.dependents(current);
        Transaction.Builder writes = Transaction.builder()
                .delete(Role.MEMBERSHIP, key, asRead)
                .add(Role.OWNER_LEFT, OrganisationConditions.counted(membership.tenant(), -1,
                        membership.isOwner() ? -1 : 0))
                .records(MemberEvents.removed(membership, self, serviceGroups));
        membership.email().ifPresent(email -> writes.delete(Role.MEMBER_EMAIL,
                MembershipKeys.emailGuardKey(membership.tenant(), EmailKey.of(email))));
        if (!self) {
            writes.add(Role.ACTOR, MembershipRules.stillActing(actor, authority));
            MembershipRules.definitionsAsJudged(membership.tenant(), authority)
                    .ifPresent(check -> writes.add(Role.ACTOR_DEFINITIONS, check));
        }
        List<ItemKey> goingWithIt = dependents.of(membership.tenant(), membership.user(), serviceGroups);
        if (writes.size() + goingWithIt.size() > Transaction.MAX_CHANGE_WRITES_ON_THE_ORGANISATION) {
            return Change.TOO_LARGE;
        }
        goingWithIt.forEach(dependent -> writes.delete(Role.DEPENDENT, dependent));
        return removed(table.transact(writes.build()));
    }

    /** What a removal came to: the actor first, then the membership as read, then the last owner. */
    static Change removed(TransactionOutcome outcome) {
        if (outcome.committed()) {
            return Change.DONE;
        }
        if (outcome.refused(Role.ACTOR)) {
            return Change.ACTOR_GONE;
        }
        if (outcome.refused(Role.ACTOR_DEFINITIONS)) {
            return Change.DEFINITIONS_CHANGED;
        }
        return outcome.refused(Role.OWNER_LEFT) && !outcome.refused(Role.MEMBERSHIP) ? Change.LAST_OWNER
                : Change.MEMBERSHIP_CHANGED;
    }

    @Override
    public Change grant(Membership actor, Authority authority, UserKey user, String userId, GroupName group,
                        Optional<CustomGroup> judged, Optional<ExpectedVersion> expected) {
        Optional<Granting> asJudged = judged.map(defined -> new Granting(group, defined.createdAt()));
        return editGroup(actor, authority, user, GroupEdit.ADD, group, expected, asJudged,
                MemberEvents.groupsChanged(userId, group, true));
    }

    @Override
    public Change revoke(Membership actor, Authority authority, UserKey user, String userId, GroupName group,
                         Optional<ExpectedVersion> expected) {
        return editGroup(actor, authority, user, GroupEdit.DELETE, group, expected, Optional.empty(),
                MemberEvents.groupsChanged(userId, group, false));
    }

    /**
     * One group edit, with the actor's membership checked in the same transaction (on the edited membership itself
     * when actors edit their own). A custom group's grant is written only on the group as judged ({@code granting}),
     * on the one write to the definitions that also checks them as the actor's authority was judged (giving a group
     * not built in pins the definitions' version, so a label is not given once defined meanwhile either).
     */
    private Change editGroup(Membership actor, Authority authority, UserKey user, GroupEdit edit, GroupName group,
                             Optional<ExpectedVersion> expected, Optional<Granting> granting, NewEvent event) {
        TenantId tenant = actor.tenant();
        Optional<Membership> self = actor.user().equals(user) ? Optional.of(actor) : Optional.empty();
        Transaction.Builder writes = Transaction.builder().add(Role.MEMBERSHIP,
                groupChange(tenant, user, edit, group, expected, self.map(a -> MembershipRules.acting(a,
                        authority)))).records(event);
        if (self.isEmpty()) {
            writes.add(Role.ACTOR, MembershipRules.stillActing(actor, authority));
        }
        Optional<Write> judged = MembershipRules.definitionsAsJudged(tenant, authority);
        granting.map(grant -> grant.write(tenant)).map(write -> judged.map(check -> write.alsoRequiring(
                        ((Write.Check) check).condition())).orElse(write)).or(() -> judged)
                .ifPresent(check -> writes.add(Role.ACTOR_DEFINITIONS, check));
        if (group.isOwner()) {
            writes.add(Role.OWNER_LEFT, OrganisationConditions.counted(tenant, 0, edit == GroupEdit.ADD ? 1 : -1));
        }
        TransactionOutcome outcome = table(tenant).transact(writes.build());
        if (outcome.refused(Role.ACTOR_DEFINITIONS) && granting.filter(grant -> !grant.asJudgedIn(
                outcome.oldItem(Role.ACTOR_DEFINITIONS).orElse(Map.of()))).isPresent()) {
            return Change.GROUP_CHANGED;
        }
        if (!outcome.committed() && (outcome.refused(Role.ACTOR) || self.isPresent()
                && outcome.refused(Role.MEMBERSHIP) && !MembershipRules.stillActing(actor,
                outcome.oldItem(Role.MEMBERSHIP).filter(old -> old.containsKey(MembershipItems.VERSION))
                        .map(MembershipItems::fromItem), authority))) {
            return Change.ACTOR_GONE;
        }
        if (outcome.refused(Role.ACTOR_DEFINITIONS)) {
            return Change.DEFINITIONS_CHANGED;
        }
        return groupChanged(outcome, Role.MEMBERSHIP, expected);
    }

    /**
     * Moves the owner group from the actor, an owner, to {@code to}. When {@code to} turned out to be an owner
     * already, the hand-over is the actor leaving the owner group, with the owner count: {@code to} remains.
     */
    @Override
    public Change transferOwnership(Membership actor, UserKey to, String toUserId) {
        TenantId tenant = actor.tenant();
        Transaction transfer = Transaction.builder()
                .add(Role.NEW_OWNER, groupChange(tenant, to, GroupEdit.ADD, GroupName.OWNER, Optional.empty(),
                        Optional.empty()))
                .add(Role.OWNER_LEFT, groupChange(tenant, actor.user(), GroupEdit.DELETE, GroupName.OWNER,
                        Optional.empty(), Optional.of(MembershipRules.sameMembership(actor))))
                .records(MemberEvents.ownershipTransferred(actor, toUserId))
                .build();
        TransactionOutcome outcome = table(tenant).transact(transfer);
        boolean toAnOwner = checked.one(ItemKind.MEMBERSHIP, ReadScope.tenant(tenant),
                outcome.oldItem(Role.NEW_OWNER).orElse(null), MembershipItems::fromItem)
                .filter(Membership::isOwner).isPresent();
        if (toAnOwner) {
            return editGroup(actor, Authority.owner(), actor.user(), GroupEdit.DELETE, GroupName.OWNER, Optional.empty(),
                    Optional.empty(), MemberEvents.ownershipTransferred(actor, toUserId));
        }
        boolean actorGone = !outcome.refused(Role.NEW_OWNER) && outcome.refused(Role.OWNER_LEFT)
                && !MembershipRules.stillActing(actor, outcome
                .oldItem(Role.OWNER_LEFT).filter(old -> old.containsKey(MembershipItems.VERSION))
                .map(MembershipItems::fromItem), Authority.owner());
        return actorGone ? Change.ACTOR_GONE : groupChanged(outcome, Role.NEW_OWNER, Optional.empty());
    }

    /**
     * What a group change came to: when the edited membership refused, why, from the membership as it was (absent,
     * at a version the change did not expect, or already as asked); else the last owner, when that refused.
     */
    static Change groupChanged(TransactionOutcome outcome, Role edited, Optional<ExpectedVersion> expected) {
        if (outcome.committed()) {
            return Change.DONE;
        }
        if (outcome.refused(edited)) {
            return outcome.oldItem(edited).filter(old -> old.containsKey(MembershipItems.VERSION))
                    .map(old -> expected.filter(e -> !e.accepts(MembershipItems.life(old), MembershipItems.version(old)))
                            .isPresent() ? Change.VERSION_MISMATCH : Change.UNCHANGED)
                    .orElse(Change.NOT_A_MEMBER);
        }
        return outcome.refused(Role.OWNER_LEFT) ? Change.LAST_OWNER : Change.MEMBERSHIP_CHANGED;
    }

    /** A custom group given as judged: defined in the life that began at {@code life}. */
    private record Granting(GroupName group, Instant life) {

        Write write(TenantId tenant) {
            return GroupDefinitionItems.granting(tenant, group, life);
        }

        boolean asJudgedIn(Map<String, AttributeValue> definitions) {
            return GroupDefinitionItems.definesAsJudged(definitions, group, life);
        }
    }

    /** A group edit's set operation. */
    private enum GroupEdit { ADD, DELETE }

    /**
     * Adds or removes one group if the member exists, at an expected version when one is given, and the group is
     * not already so; the old item comes back when the condition refuses.
     */
    private static Write groupChange(TenantId tenant, UserKey user, GroupEdit edit, GroupName group,
                                     Optional<ExpectedVersion> expected, Optional<Expr> alsoActing) {
        Expr.UpdateBuilder update = Expr.update().name("#groups", MembershipItems.GROUPS)
                .strings(":groups", List.of(group.value()))
                .set("#version = #version + :one").name("#version", MembershipItems.VERSION).number(":one", 1);
        if (edit == GroupEdit.ADD) {
            update.add("#groups :groups");
        } else {
            update.delete("#groups :groups");
        }
        Expr groupCondition = Expr.of((edit == GroupEdit.ADD ? "NOT " : "") + "contains(#groups, :group)")
                .name("#groups", MembershipItems.GROUPS).value(":group", group.value());
        Expr condition = MembershipItems.asExpected(expected.orElse(ExpectedVersion.anyExisting())).and(groupCondition);
        return new Write.Update(MembershipKeys.key(tenant, user), update.build(),
                Optional.of(alsoActing.map(condition::and).orElse(condition)));
    }

    private ScopedTable table(TenantId tenant) {
        return store.forTenant(tenant);
    }
}
