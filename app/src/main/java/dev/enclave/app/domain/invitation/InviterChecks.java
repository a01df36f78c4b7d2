package dev.enclave.app.domain.invitation;

import dev.enclave.app.domain.member.GroupName;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Refusal;
import java.util.Optional;
import java.util.Set;

/**
 * Who may manage an invitation: owners and admins, but an invitation that grants {@code owner} is created, resent
 * and revoked only by owners, so no admin ever holds a token that makes its bearer an owner.
 */
final class InviterChecks {

    private InviterChecks() {
    }

    /** Empty when {@code inviter} may manage an invitation granting {@code groups}. */
    static Optional<Refusal> check(Membership inviter, Set<GroupName> groups) {
        if (groups.stream().anyMatch(GroupName::isOwner) && !inviter.isOwner()) {
            return Optional.of(new Refusal(Reason.MISSING_ROLE,
                    "Only owners can send, resend or revoke an invitation that grants owner."));
        }
        return Optional.empty();
    }
}
