package dev.enclave.app.infra.store.member;

import dev.enclave.app.domain.member.GroupName;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Write;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.Optional;
import java.util.Set;

/**
 * What other aggregates' transactions check on a membership, spelled here once, with its Java mirror for the
 * in-memory ports: whether a member may still grant what something they made (an invitation) grants.
 */
public final class MembershipRules {

    private MembershipRules() {
    }

    /**
     * A check that {@code user} is still a member of {@code tenant} who may grant {@code groups}: an owner when they
     * include owner, else an admin or an owner.
     */
    public static Write mayGrant(TenantId tenant, UserKey user, Set<GroupName> groups) {
        return new Write.Check(MembershipKeys.key(tenant, user), Expr.exists().and(role(grantsOwner(groups))));
    }

    private static Expr role(boolean ownerNeeded) {
        return ownerNeeded
                ? Expr.of("contains(#actorGroups, :owner)").name("#actorGroups", MembershipItems.GROUPS)
                .value(":owner", GroupName.OWNER.value())
                : Expr.of("(contains(#actorGroups, :owner) OR contains(#actorGroups, :admin))")
                .name("#actorGroups", MembershipItems.GROUPS).value(":owner", GroupName.OWNER.value())
                .value(":admin", GroupName.ADMIN.value());
    }

    /**
     * A check that {@code actor}'s membership is still the one a decision was made on (the same life of it: not
     * removed, nor removed and created again, as an organisation deleted and created again under its id would) and
     * still holds the role the change needs: an owner when {@code ownerNeeded}, else an admin or an owner.
     */
    public static Write stillActing(Membership actor, boolean ownerNeeded) {
        return new Write.Check(MembershipKeys.key(actor.tenant(), actor.user()), acting(actor, ownerNeeded));
    }

    /** The condition of {@link #stillActing}, for a write on the actor's own membership. */
    static Expr acting(Membership actor, boolean ownerNeeded) {
        return sameMembership(actor).and(role(ownerNeeded));
    }

    /** The membership is the one {@code member} was read from: there, and joined at the same instant. */
    static Expr sameMembership(Membership member) {
        return Expr.exists().and(Expr.of("#joinedAt = :joinedAt").name("#joinedAt", MembershipItems.JOINED_AT)
                .value(":joinedAt", member.joinedAt().toString()));
    }

    /** {@link #stillActing} decided on the actor's membership as it is now. */
    public static boolean stillActing(Membership actor, Optional<Membership> now, boolean ownerNeeded) {
        return now.filter(found -> found.joinedAt().equals(actor.joinedAt()))
                .filter(ownerNeeded ? Membership::isOwner : Membership::isAdmin).isPresent();
    }

    /** {@link #mayGrant(TenantId, UserKey, Set)} decided on the membership as it is. */
    public static boolean mayGrant(Optional<Membership> member, Set<GroupName> groups) {
        return member.filter(grantsOwner(groups) ? Membership::isOwner : Membership::isAdmin).isPresent();
    }

    private static boolean grantsOwner(Set<GroupName> groups) {
        return groups.stream().anyMatch(GroupName::isOwner);
    }
}
