package dev.enclave.app.infra.store.member;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.Write;
import dev.enclave.identity.Email;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.Incarnation;
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
     * The new membership, with its copy of the organisation's name, put only where the organisation's life {@code
     * in} has none (one a deleted organisation left is replaced); {@code dependents} (written in the same
     * transaction) are recorded on it, as {@link MemberDependents#recorded} records those added later.
     */
    public static Write.Put joined(Membership membership, OrganisationName organisation, Set<String> dependents,
                                   Incarnation in) {
        return new Write.Put(MembershipItems.toItem(membership, organisation, dependents),
                Optional.of(Incarnations.noneOf(in)));
    }

    /**
     * The record that the new member's email is a member's (so it cannot be invited), put only where {@code in} has
     * none; only a membership with an email has one.
     */
    public static Write.Put emailTaken(Membership membership, Incarnation in) {
        return new Write.Put(EmailRecords.of(membership), Optional.of(Incarnations.noneOf(in)));
    }

    /** A check that {@code email} is no member's of {@code tenant} in its life {@code in} yet. */
    public static Write notYetAMember(TenantId tenant, Email email, Incarnation in) {
        return new Write.Check(MembershipKeys.emailGuardKey(tenant, EmailKey.of(email)), Incarnations.noneOf(in));
    }
}
