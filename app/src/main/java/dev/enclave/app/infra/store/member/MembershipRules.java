package dev.enclave.app.infra.store.member;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.permission.Authority;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.Holding;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.app.domain.service.HoldingInServices;
import dev.enclave.app.domain.service.Service;
import dev.enclave.app.domain.service.ServiceGroup;
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

    /** DynamoDB's bound on an expression, in bytes (each character here is one). */
    static final int MAX_EXPRESSION = 4096;

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
        boolean owner = groups.stream().anyMatch(GroupName::isOwner);
        if (owner ? !holding.isOwner() : !holding.holds(SystemPermissions.INVITATIONS_MANAGE)
                || groups.stream().anyMatch(group -> holding.whyNotGive(group).isPresent())) {
            return Optional.empty();
        }
        return Optional.of(holding.authorityToGrant(SystemPermissions.INVITATIONS_MANAGE, groups));
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
        return Optional.of(definitionsAt(tenant, authority.definitionsVersion()));
    }

    /**
     * {@link #definitionsAt}, by a write that counts a grant of each of the defined custom groups {@code granted} on
     * the definitions when there are any, so a deletion of one of them that found nobody holding it is refused.
     */
    public static Write definitionsGranting(TenantId tenant, long version, Set<GroupName> granted) {
        Write check = definitionsAt(tenant, version);
        return granted.isEmpty() || version == GroupDefinitions.NONE.version() ? check
                : new Write.Update(check.key(), GroupDefinitionItems.counting(granted),
                Optional.of(((Write.Check) check).condition()));
    }

    /** A check that the organisation's group definitions are at {@code version} (none yet: absent). */
    public static Write definitionsAt(TenantId tenant, long version) {
        if (version == GroupDefinitions.NONE.version()) {
            return new Write.Check(GroupDefinitionItems.key(tenant), Expr.absent());
        }
        return new Write.Check(GroupDefinitionItems.key(tenant), Expr.exists().and(
                Expr.of("#definitionsVersion = :definitionsVersion")
                        .name("#definitionsVersion", GroupDefinitionItems.VERSION)
                        .number(":definitionsVersion", version)));
    }

    /**
     * The condition, on the actor's membership, that they still hold what a change within {@code services} was
     * judged on: the same membership (joined at the instant read), still in every group it was in, and in every group
     * of each service that carries something there as read (a group that carried nothing and carries something now
     * moved its service's version, which the change checks). Anything else on it (a profile copy, other groups of a
     * service) may have moved on. Its placeholders are short and its own ({@code #hg}, {@code #hd}, {@code :hg…},
     * {@code :s…}), so it joins the other conditions on the membership within DynamoDB's 4 KB an expression: 53
     * groups and 50 of one service take about 2.7 KB.
     */
    public static Expr stillHolding(HoldingInServices actor, List<Service> services) {
        Expr held = Expr.exists().and(Expr.of("#heldJoinedAt = :heldJoinedAt").name("#heldJoinedAt",
                MembershipItems.JOINED_AT).value(":heldJoinedAt", actor.joinedAt().toString()));
        held = held.and(containsEach("#hg", MembershipItems.GROUPS, ":hg", actor.holding().groups().stream()
                .map(GroupName::value).toList()));
        for (int s = 0; s < services.size(); s++) {
            Service service = services.get(s);
            List<String> carrying = actor.groupsOf(service.id()).stream()
                    .filter(group -> !service.groups().of(group).isEmpty())
                    .map(group -> new ServiceGroup(service.id(), group).written()).toList();
            if (!carrying.isEmpty()) {
                held = held.and(containsEach("#hd", MembershipItems.DEPENDENTS, ":s" + s + "_", carrying));
            }
        }
        return held;
    }

    /**
     * {@link #stillHolding} of {@code actor}, read as {@code asRead}, when it fits in one expression; else the
     * stricter condition that their membership has not changed at all since it was read: a change to it meanwhile,
     * even one that took nothing from them, then refuses the write. Only holdings near every bound at once (groups
     * of three services, 50 each, beside 50 custom groups) take that path.
     */
    public static Expr stillHoldingOrUnchanged(Membership asRead, HoldingInServices actor, List<Service> services) {
        Expr held = stillHolding(actor, services);
        return held.text().length() <= MAX_EXPRESSION ? held : sameMembership(asRead).and(Expr.of(
                "#unchangedVersion = :unchangedVersion").name("#unchangedVersion", MembershipItems.VERSION)
                .number(":unchangedVersion", asRead.version()));
    }

    /** {@code #name} contains each of {@code values} (at least one), in sorted order. */
    private static Expr containsEach(String name, String attribute, String valuePrefix, List<String> values) {
        List<String> sorted = values.stream().sorted().toList();
        Expr each = Expr.of(IntStream.range(0, sorted.size()).mapToObj(i -> "contains(" + name + ", " + valuePrefix
                + i + ")").collect(Collectors.joining(" AND "))).name(name, attribute);
        for (int i = 0; i < sorted.size(); i++) {
            each = each.value(valuePrefix + i, sorted.get(i));
        }
        return each;
    }

    /** When the actor holds a custom group, a check that the definitions are at the version the decision read. */
    public static Optional<Write> definitionsAsJudged(HoldingInServices actor) {
        return definitionsAsJudged(actor.tenant(), new Authority(actor.holding().groups(),
                actor.holding().definitions().version()));
    }

    /** The condition of {@link #stillActing}, for a write on the actor's own membership. */
    static Expr acting(Membership actor, Authority authority) {
        Expr acting = sameMembership(actor).and(holdsOneOf(authority.groups()));
        return authority.kept().isEmpty() ? acting : acting.and(containsEach("#kg", MembershipItems.GROUPS, ":kg",
                authority.kept().stream().map(GroupName::value).toList()));
    }

    /** The membership holds one of {@code groups} (never true of none). */
    private static Expr holdsOneOf(Set<GroupName> groups) {
        if (groups.isEmpty()) {
            return Expr.of("attribute_not_exists(#noGroups) AND attribute_exists(#noGroups)")
                    .name("#noGroups", MembershipItems.GROUPS);
        }
        List<GroupName> sorted = groups.stream().sorted().toList();
        Expr expr = Expr.of(IntStream.range(0, sorted.size()).mapToObj(i -> "contains(#ag, :ag" + i + ")")
                .collect(Collectors.joining(" OR ", "(", ")"))).name("#ag", MembershipItems.GROUPS);
        for (int i = 0; i < sorted.size(); i++) {
            expr = expr.value(":ag" + i, sorted.get(i).value());
        }
        return expr;
    }

    /**
     * The condition that {@code actor}'s membership is still the one a request was granted on, still in one of the
     * groups {@code authority} names and in every one it keeps, with placeholders of its own ({@code #rq…},
     * {@code :rq…}), so it joins any condition or update a workflow writes on that membership.
     */
    static Expr stillActingInRequest(Membership actor, Authority authority) {
        Expr same = Expr.exists().and(Expr.of("#rqJoinedAt = :rqJoinedAt").name("#rqJoinedAt",
                MembershipItems.JOINED_AT).value(":rqJoinedAt", actor.joinedAt().toString()));
        List<String> sorted = authority.groups().stream().map(GroupName::value).sorted().toList();
        if (sorted.isEmpty()) {
            return same.and(Expr.of("attribute_not_exists(#rqGroups) AND attribute_exists(#rqGroups)")
                    .name("#rqGroups", MembershipItems.GROUPS));
        }
        Expr oneOf = Expr.of(IntStream.range(0, sorted.size()).mapToObj(i -> "contains(#rqGroups, :rq" + i + ")")
                .collect(Collectors.joining(" OR ", "(", ")"))).name("#rqGroups", MembershipItems.GROUPS);
        for (int i = 0; i < sorted.size(); i++) {
            oneOf = oneOf.value(":rq" + i, sorted.get(i));
        }
        Expr acting = same.and(oneOf);
        return authority.kept().isEmpty() ? acting : acting.and(containsEach("#rqKept", MembershipItems.GROUPS,
                ":rqk", authority.kept().stream().map(GroupName::value).toList()));
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
