package dev.enclave.app.domain.invitation;

import dev.enclave.app.domain.member.ActingMember;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Refusal;
import dev.enclave.app.domain.permission.GroupName;
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
}
