package dev.enclave.app.infra.store.invitation;

import dev.enclave.app.domain.invitation.Invitation;
import dev.enclave.app.domain.member.ActingMember;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.service.HoldingInServices;
import dev.enclave.app.domain.service.Service;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.Write;
import dev.enclave.app.infra.store.member.MembershipRules;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What an accept checks of its inviter, judged on the inviter's membership, the group definitions and the granted
 * services as they are now: that they may still grant the invitation's groups ({@link MembershipRules#mayGrant})
 * and hold, within each service, what its service groups carry; and, in the accept's transaction, that they still
 * do (one check of their membership, with every condition, or that it is unchanged where those would not fit) and
 * that every granted service is still as read, those whose groups carried nothing too (a group given permissions
 * meanwhile is judged again). An inviter removed and made a member again is another membership, which the
 * invitation does not carry.
 */
record InviterAtAccept(List<Write> checks, Map<ServiceId, Service> judgedServices) {

    /** The checks of {@code inviter} for {@code invitation}, on what was read of them and of {@code services}. */
    static InviterAtAccept of(TenantId tenant, UserKey inviter, Optional<Membership> read,
                              GroupDefinitions definitions, Invitation invitation, Map<ServiceId, Service> services) {
        Optional<Membership> found = read.filter(member -> invitation.sentInMembershipOf(member.joinedAt()));
        List<Write> checks = MembershipRules.mayGrant(tenant, inviter, found, definitions, invitation.groups());
        Map<ServiceId, Service> carrying = new LinkedHashMap<>();
        invitation.serviceGroups().stream().filter(group -> services.containsKey(group.service()))
                .filter(group -> !services.get(group.service()).groups().of(group.group()).isEmpty())
                .forEach(group -> carrying.put(group.service(), services.get(group.service())));
        if (carrying.isEmpty() || !MembershipRules.mayGrant(found, definitions, invitation.groups())) {
            return new InviterAtAccept(checks, services);
        }
        HoldingInServices holding = new ActingMember(found.get(), definitions).inServices();
        boolean lacks = invitation.serviceGroups().stream().filter(group -> carrying.containsKey(group.service()))
                .anyMatch(group -> holding.whyNotGive(carrying.get(group.service()), group.group()).isPresent());
        if (lacks) {
            return new InviterAtAccept(List.of(MembershipRules.refusing(tenant, inviter)), Map.of());
        }
        return new InviterAtAccept(merged(checks, MembershipRules.stillHoldingOrUnchanged(found.get(), holding,
                List.copyOf(carrying.values())), holding), services);
    }

    /**
     * {@code checks} with the inviter's holdings in each service on the one check of their membership, in place of
     * the check that they may still grant the groups, which it implies (the same membership, holding every group it
     * held): DynamoDB takes at most 4 KB an expression, and the two together could be more.
     */
    private static List<Write> merged(List<Write> checks, Expr held, HoldingInServices holding) {
        ItemKey membership = MembershipRules.key(holding.tenant(), holding.user());
        List<Write> merged = new ArrayList<>();
        for (Write check : checks) {
            merged.add(checks(check, membership) ? new Write.Check(membership, held) : check);
        }
        MembershipRules.definitionsAsJudged(holding).filter(definitions -> merged.stream()
                .noneMatch(check -> checks(check, ((Write.Check) definitions).key()))).ifPresent(merged::add);
        return merged;
    }

    private static boolean checks(Write write, ItemKey key) {
        return write instanceof Write.Check check && check.key().equals(key);
    }
}
