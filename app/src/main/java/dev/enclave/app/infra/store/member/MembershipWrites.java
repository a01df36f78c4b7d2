package dev.enclave.app.infra.store.member;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Write;
import dev.enclave.identity.Email;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.TenantId;
import java.util.Optional;
import java.util.Set;

/**
 * What the membership's store contributes to another aggregate's transaction that makes a member (founding an
 * organisation, accepting an invitation) or must not meet one (inviting).
 */
public final class MembershipWrites {

    private MembershipWrites() {
    }

    /**
     * The new membership, with its copy of the organisation's name, put only where none is; {@code dependents}
     * (written in the same transaction) are recorded on it, as {@link MemberDependents#recorded} records those
     * added later.
     */
    public static Write.Put joined(Membership membership, OrganisationName organisation, Set<String> dependents) {
        return new Write.Put(MembershipItems.toItem(membership, organisation, dependents),
                Optional.of(Expr.absent()));
    }

    /**
     * The record that the new member's email is a member's (so it cannot be invited), put only where none is; only a
     * membership with an email has one.
     */
    public static Write.Put emailTaken(Membership membership) {
        return new Write.Put(EmailRecords.of(membership), Optional.of(Expr.absent()));
    }

    /** A check that {@code email} is no member's of {@code tenant} yet. */
    public static Write notYetAMember(TenantId tenant, Email email) {
        return new Write.Check(MembershipKeys.emailGuardKey(tenant, EmailKey.of(email)), Expr.absent());
    }
}
