package dev.enclave.app.domain.invitation;

import dev.enclave.app.domain.member.ActingMember;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Refusal;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.service.HoldingInServices;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.domain.service.ServiceLookup;
import java.util.Comparator;
import java.util.Optional;
import java.util.Set;

/**
 * Who may manage an invitation: holders of {@code invitations:manage} (the edge decides that), who could give every
 * group it grants themselves ({@code Holding.whyNotGive}): an invitation that grants {@code owner} is created, resent
 * and revoked only by owners, so no admin ever holds a token that makes its bearer an owner, and one that grants a
 * custom group only by members who hold all its permissions.
 */
final class InviterChecks {

    private InviterChecks() {
    }

    /** Empty when {@code inviter} may manage an invitation granting {@code groups}. */
    static Optional<Refusal> check(ActingMember inviter, Set<GroupName> groups) {
        if (groups.stream().anyMatch(GroupName::isOwner) && !inviter.membership().isOwner()) {
            return Optional.of(new Refusal(Reason.MISSING_ROLE,
                    "Only owners can send, resend or revoke an invitation that grants owner."));
        }
        return groups.stream().sorted().flatMap(group -> inviter.holding().whyNotGive(group).stream()).findFirst()
                .map(why -> new Refusal(Reason.MISSING_ROLE, why));
    }

    /**
     * Empty when {@code actor} may take back {@code invitation} (revoke it, or replace it with another): only who
     * could have sent it, its service groups included, since taking it back takes back what it would give.
     */
    static Optional<Refusal> mayTakeBack(ActingMember actor, Organisation organisation, Invitation invitation,
                                         ServiceLookup services) {
        return check(actor, invitation.groups()).or(() -> checkServiceGroups(actor, organisation,
                invitation.serviceGroups(), services));
    }

    /**
     * Empty when {@code inviter} holds, within each service as {@code services} finds it now, every permission the
     * invitation's service groups carry (a service not there is refused when the invitation is written).
     */
    static Optional<Refusal> checkServiceGroups(ActingMember inviter, Organisation organisation,
                                                Set<ServiceGroup> groups, ServiceLookup services) {
        HoldingInServices holding = inviter.inServices();
        return groups.stream().sorted(Comparator.comparing(ServiceGroup::written))
                .flatMap(group -> services.find(organisation, group.service()).stream()
                        .flatMap(service -> holding.whyNotGive(service, group.group()).stream()))
                .map(why -> new Refusal(Reason.MISSING_ROLE, why)).findFirst();
    }
}
