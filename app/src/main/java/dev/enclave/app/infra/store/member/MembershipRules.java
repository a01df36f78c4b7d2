package dev.enclave.app.infra.store.member;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.permission.Authority;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.Holding;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.app.domain.service.HoldingInServices;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.Write;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * What other aggregates' transactions check on a membership, spelled here once, with its Java mirror for the
 * in-memory ports: whether a member may still grant what something they made (an invitation) grants.
 */
public final class MembershipRules {

    private MembershipRules() {
    }

    /**
     * The checks that {@code inviter}, a member of {@code tenant} found as {@code found} with the organisation's
     * {@code definitions}, may still grant {@code groups}: they still hold the groups that give them
     * {@code invitations:manage} (the owner group, for an invitation that grants owner), and each group's permissions
     * ({@link Holding#whyNotGive}), with the definitions as read. A check that cannot hold when they may not.
     */
    public static List<Write> mayGrant(TenantId tenant, UserKey inviter, Optional<Membership> found,
                                       GroupDefinitions definitions, Set<GroupName> groups) {
        Optional<Authority> authority = found.flatMap(member -> authorityToGrant(
                new Holding(member.groups(), definitions), groups));
        if (authority.isEmpty()) {
            return List.of(refusing(tenant, inviter));
        }
        List<Write> checks = new ArrayList<>(List.of(stillActing(found.get(), authority.get())));
        definitionsAsJudged(tenant, authority.get()).ifPresent(checks::add);
        return checks;
    }

    /** A check on {@code user}'s membership that cannot hold: a transaction judged not to be written. */
    public static Write refusing(TenantId tenant, UserKey user) {
        return new Write.Check(key(tenant, user), Expr.absent().and(Expr.exists()));
    }

    /** The key of {@code user}'s membership of {@code tenant}. */
    public static ItemKey key(TenantId tenant, UserKey user) {
        return MembershipKeys.key(tenant, user);
    }

    /** {@link #mayGrant(TenantId, UserKey, Optional, GroupDefinitions, Set)} decided on the membership as it is. */
    public static boolean mayGrant(Optional<Membership> member, GroupDefinitions definitions,
                                   Set<GroupName> groups) {
        return member.flatMap(found -> authorityToGrant(new Holding(found.groups(), definitions), groups))
                .isPresent();
    }

    private static Optional<Authority> authorityToGrant(Holding holding, Set<GroupName> groups) {
        if (groups.stream().anyMatch(GroupName::isOwner)) {
            return holding.isOwner() ? Optional.of(Authority.owner()) : Optional.empty();
        }
        if (!holding.holds(SystemPermissions.INVITATIONS_MANAGE)
                || groups.stream().anyMatch(group -> holding.whyNotGive(group).isPresent())) {
            return Optional.empty();
        }
        return Optional.of(holding.authorityToGive(SystemPermissions.INVITATIONS_MANAGE, groups));
    }

    /**
     * A check that {@code actor}'s membership is still the one a decision was made on (the same life of it: not
     * removed, nor removed and created again, as an organisation deleted and created again under its id would) and
     * still holds one of the groups {@code authority} names.
     */
    public static Write stillActing(Membership actor, Authority authority) {
        return new Write.Check(MembershipKeys.key(actor.tenant(), actor.user()), acting(actor, authority));
    }

    /**
     * When {@code authority} leans on a custom group, a check that the organisation's group definitions are still at
     * the version the decision read (still none, when it read none: a label nobody defined); else nothing to check.
     */
    public static Optional<Write> definitionsAsJudged(TenantId tenant, Authority authority) {
        if (!authority.onCustomGroups()) {
            return Optional.empty();
        }
        if (authority.definitionsVersion() == GroupDefinitions.NONE.version()) {
            return Optional.of(new Write.Check(GroupDefinitionItems.key(tenant), Expr.absent()));
        }
        return Optional.of(new Write.Check(GroupDefinitionItems.key(tenant), Expr.exists().and(
                Expr.of("#definitionsVersion = :definitionsVersion")
                        .name("#definitionsVersion", GroupDefinitionItems.VERSION)
                        .number(":definitionsVersion", authority.definitionsVersion()))));
    }

    /**
     * The condition, on the actor's membership, that they still hold what a change within {@code service} was judged
     * on: the same membership (joined at the instant read), still in every group it was in, and in every group of
     * the service it was in. Anything else on it (a profile copy, another service's groups) may have moved on. Its
     * placeholders are its own ({@code held…}), so it joins the other conditions on the membership, and those of
     * other services.
     */
    public static Expr stillHolding(HoldingInServices actor, ServiceId service) {
        Expr held = Expr.exists().and(Expr.of("#heldJoinedAt = :heldJoinedAt").name("#heldJoinedAt",
                MembershipItems.JOINED_AT).value(":heldJoinedAt", actor.joinedAt().toString()));
        List<String> groups = actor.holding().groups().stream().map(GroupName::value).sorted().toList();
        for (int i = 0; i < groups.size(); i++) {
            held = held.and(Expr.of("contains(#heldGroups, :heldGroup" + i + ")")
                    .name("#heldGroups", MembershipItems.GROUPS).value(":heldGroup" + i, groups.get(i)));
        }
        String inService = ":held_" + service.value().replace('-', '_') + "_";
        List<String> serviceGroups = actor.groupsOf(service).stream().sorted()
                .map(group -> new ServiceGroup(service, group).written()).toList();
        for (int i = 0; i < serviceGroups.size(); i++) {
            held = held.and(Expr.of("contains(#heldDependents, " + inService + i + ")")
                    .name("#heldDependents", MembershipItems.DEPENDENTS).value(inService + i, serviceGroups.get(i)));
        }
        return held;
    }

    /** When the actor holds a custom group, a check that the definitions are at the version the decision read. */
    public static Optional<Write> definitionsAsJudged(HoldingInServices actor) {
        return definitionsAsJudged(actor.tenant(), new Authority(actor.holding().groups(),
                actor.holding().definitions().version()));
    }

    /** The condition of {@link #stillActing}, for a write on the actor's own membership. */
    static Expr acting(Membership actor, Authority authority) {
        Expr acting = sameMembership(actor).and(holdsOneOf(authority.groups()));
        List<GroupName> kept = authority.kept().stream().sorted().toList();
        for (int i = 0; i < kept.size(); i++) {
            acting = acting.and(Expr.of("contains(#keptGroups, :keptGroup" + i + ")")
                    .name("#keptGroups", MembershipItems.GROUPS).value(":keptGroup" + i, kept.get(i).value()));
        }
        return acting;
    }

    /** The membership holds one of {@code groups} (never true of none). */
    private static Expr holdsOneOf(Set<GroupName> groups) {
        if (groups.isEmpty()) {
            return Expr.of("attribute_not_exists(#noGroups) AND attribute_exists(#noGroups)")
                    .name("#noGroups", MembershipItems.GROUPS);
        }
        List<GroupName> sorted = groups.stream().sorted().toList();
        Expr expr = Expr.of(IntStream.range(0, sorted.size()).mapToObj(i -> "contains(#actorGroups, :actorGroup" + i
                + ")").collect(Collectors.joining(" OR ", "(", ")"))).name("#actorGroups", MembershipItems.GROUPS);
        for (int i = 0; i < sorted.size(); i++) {
            expr = expr.value(":actorGroup" + i, sorted.get(i).value());
        }
        return expr;
    }

    /** The membership is the one {@code member} was read from: there, and joined at the same instant. */
    static Expr sameMembership(Membership member) {
        return Expr.exists().and(Expr.of("#joinedAt = :joinedAt").name("#joinedAt", MembershipItems.JOINED_AT)
                .value(":joinedAt", member.joinedAt().toString()));
    }

    /** {@link #stillActing} decided on the actor's membership as it is now (the definitions aside). */
    public static boolean stillActing(Membership actor, Optional<Membership> now, Authority authority) {
        return now.filter(found -> found.joinedAt().equals(actor.joinedAt()))
                .filter(found -> authority.heldBy(found.groups())).isPresent();
    }
}
