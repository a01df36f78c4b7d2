package dev.enclave.app.member;

import dev.enclave.app.member.Members.Change;
import dev.enclave.app.organisation.OrganisationRules;
import dev.enclave.app.platform.ExpectedVersion;
import dev.enclave.app.platform.GroupName;
import dev.enclave.app.store.CheckedItems;
import dev.enclave.app.store.Conditions;
import dev.enclave.app.store.Expr;
import dev.enclave.app.store.ItemKey;
import dev.enclave.app.store.ItemKind;
import dev.enclave.app.store.ReadScope;
import dev.enclave.app.store.ScopedTable;
import dev.enclave.app.store.Store;
import dev.enclave.app.store.Transaction;
import dev.enclave.app.store.TransactionOutcome;
import dev.enclave.app.store.Update;
import dev.enclave.app.store.Write;
import dev.enclave.app.store.WriteRole;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The changes of {@link Members} that keep the organisation's invariants, as conditional transactions on the
 * organisation's scoped client.
 */
final class DynamoDbMembershipChanges {

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
        NEW_OWNER
    }

    private final Store store;
    private final CheckedItems checked;
    private final MemberDependents dependents;

    DynamoDbMembershipChanges(Store store, CheckedItems checked, MemberDependents dependents) {
        this.store = store;
        this.checked = checked;
        this.dependents = dependents;
    }

    /**
     * Removes the membership as it was read, with everything that depends on it: the dependents are those the
     * membership records at that version (a strongly consistent read), so one added since refuses the removal.
     */
    Change remove(Membership membership) {
        ScopedTable table = table(membership.tenant());
        ItemKey key = MembershipKeys.key(membership.tenant(), membership.user());
        Map<String, AttributeValue> current = table.get(key);
        if (current.isEmpty() || MembershipItems.version(current) != membership.version()) {
            return Change.MEMBERSHIP_CHANGED;
        }
        Transaction.Builder writes = Transaction.builder()
                .delete(Role.MEMBERSHIP, key, Conditions.exists().and(Expr.of("#version = :version")
                        .name("#version", MembershipItems.VERSION).number(":version", membership.version())))
                .add(Role.OWNER_LEFT, OrganisationRules.counted(membership.tenant(), -1,
                        membership.isOwner() ? -1 : 0));
        membership.email().ifPresent(email -> writes.delete(Role.MEMBER_EMAIL,
                MembershipKeys.emailGuardKey(membership.tenant(), EmailKey.of(email))));
        List<ItemKey> goingWithIt = dependents.of(membership.tenant(), membership.user(),
                MembershipItems.dependents(current));
        if (writes.size() + goingWithIt.size() > Transaction.MAX_WRITES) {
            return Change.TOO_LARGE;
        }
        goingWithIt.forEach(dependent -> writes.delete(Role.DEPENDENT, dependent));
        return removed(table.transact(writes.build()));
    }

    /** What a removal came to: the membership as read decides first, then the last owner. */
    static Change removed(TransactionOutcome outcome) {
        if (outcome.committed()) {
            return Change.DONE;
        }
        return outcome.refused(Role.OWNER_LEFT) && !outcome.refused(Role.MEMBERSHIP) ? Change.LAST_OWNER
                : Change.MEMBERSHIP_CHANGED;
    }

    Change grant(TenantId tenant, UserKey user, GroupName group, Optional<ExpectedVersion> expected) {
        Transaction.Builder writes = Transaction.builder().add(Role.MEMBERSHIP,
                groupChange(tenant, user, GroupEdit.ADD, group, expected));
        if (group.isOwner()) {
            writes.add(Role.OWNER_LEFT, OrganisationRules.counted(tenant, 0, 1));
        }
        return groupChanged(table(tenant).transact(writes.build()), Role.MEMBERSHIP, expected);
    }

    Change revoke(TenantId tenant, UserKey user, GroupName group, Optional<ExpectedVersion> expected) {
        Transaction.Builder writes = Transaction.builder().add(Role.MEMBERSHIP,
                groupChange(tenant, user, GroupEdit.DELETE, group, expected));
        if (group.isOwner()) {
            writes.add(Role.OWNER_LEFT, OrganisationRules.counted(tenant, 0, -1));
        }
        return groupChanged(table(tenant).transact(writes.build()), Role.MEMBERSHIP, expected);
    }

    /**
     * Moves the owner group from {@code from} to {@code to}. When {@code to} turned out to be an owner already, the
     * hand-over is {@code from} leaving the owner group, with the owner count: {@code to} remains.
     */
    Change transferOwnership(TenantId tenant, UserKey from, UserKey to) {
        Transaction transfer = Transaction.builder()
                .add(Role.NEW_OWNER, groupChange(tenant, to, GroupEdit.ADD, GroupName.OWNER, Optional.empty()))
                .add(Role.OWNER_LEFT, groupChange(tenant, from, GroupEdit.DELETE, GroupName.OWNER, Optional.empty()))
                .build();
        TransactionOutcome outcome = table(tenant).transact(transfer);
        boolean toAnOwner = checked.one(ItemKind.MEMBERSHIP, ReadScope.tenant(tenant),
                outcome.oldItem(Role.NEW_OWNER).orElse(null), MembershipItems::fromItem)
                .filter(Membership::isOwner).isPresent();
        if (toAnOwner) {
            return revoke(tenant, from, GroupName.OWNER, Optional.empty());
        }
        return groupChanged(outcome, Role.NEW_OWNER, Optional.empty());
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
                    .map(MembershipItems::version)
                    .map(version -> expected.filter(e -> !e.accepts(version)).isPresent() ? Change.VERSION_MISMATCH
                            : Change.UNCHANGED)
                    .orElse(Change.NOT_A_MEMBER);
        }
        return outcome.refused(Role.OWNER_LEFT) ? Change.LAST_OWNER : Change.MEMBERSHIP_CHANGED;
    }

    /** A group edit's set operation. */
    private enum GroupEdit { ADD, DELETE }

    /**
     * Adds or removes one group if the member exists, at an expected version when one is given, and the group is
     * not already so; the old item comes back when the condition refuses.
     */
    private static Write groupChange(TenantId tenant, UserKey user, GroupEdit edit, GroupName group,
                                     Optional<ExpectedVersion> expected) {
        Update update = Update.builder().name("#groups", MembershipItems.GROUPS)
                .strings(":groups", List.of(group.value()))
                .set("#version = #version + :one").name("#version", MembershipItems.VERSION).number(":one", 1);
        if (edit == GroupEdit.ADD) {
            update.add("#groups :groups");
        } else {
            update.delete("#groups :groups");
        }
        Expr groupCondition = Expr.of((edit == GroupEdit.ADD ? "NOT " : "") + "contains(#groups, :group)")
                .name("#groups", MembershipItems.GROUPS).value(":group", group.value());
        return new Write.Update(MembershipKeys.key(tenant, user), update.build(), Optional.of(
                Conditions.atVersion(expected.orElse(ExpectedVersion.anyExisting()), MembershipItems.VERSION)
                        .and(groupCondition)));
    }

    private ScopedTable table(TenantId tenant) {
        return store.forTenant(tenant);
    }
}
