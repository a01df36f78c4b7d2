package dev.enclave.app.domain.access;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.identity.TenantId;
import jakarta.inject.Singleton;
import java.util.Optional;

/**
 * Decides whether the caller may act in the organisation a path names: a token bound to a tenant must name this
 * one; the caller must be a member and the organisation active (one read with this tenant's scoped client); the
 * role must suffice. It only decides: what a decision costs the caller's request budget is the edge's business
 * ({@code web.RequestAccess}).
 */
@Singleton
public record TenantAccess(AccessReads reads) {

    /** Whether the caller may act in {@code organisation} as {@code requirement} asks: one read, then a judgement. */
    public AccessDecision decide(Caller caller, String organisation, Requirement requirement) {
        return judge(standing(caller, organisation), requirement);
    }

    /**
     * The caller's standing in {@code organisation}, whatever the role asked: granted as a member, or refused (tenant
     * mismatch, not a member, organisation gone or suspended). Reads the membership and the organisation once.
     */
    public AccessDecision standing(Caller caller, String organisation) {
        Optional<TenantId> tenant = parse(organisation);
        if (tenant.isEmpty()) {
            return notFound();
        }
        if (caller.tenant().isPresent() && !caller.tenant().get().equals(tenant.get())) {
            return new AccessDecision.Refused(Reason.TENANT_MISMATCH,
                    "Your token is bound to tenant " + caller.tenant().get().value() + ".");
        }
        AccessReads.Facts facts = reads.read(tenant.get(), caller.userKey());
        Optional<Membership> membership = facts.membership();
        if (membership.isEmpty() || facts.organisation().isEmpty()
                || facts.status().filter(s -> s == OrganisationStatus.DELETING).isPresent()) {
            return notFound();
        }
        if (facts.status().filter(s -> s == OrganisationStatus.SUSPENDED).isPresent()) {
            return new AccessDecision.Refused(Reason.ORGANISATION_SUSPENDED,
                    "The organisation is suspended; contact the platform.");
        }
        return new AccessDecision.Granted(tenant.get(), membership.get(), facts.organisation().get());
    }

    /** The decision for {@code requirement} given a {@link #standing}: a member must also hold the role. */
    public AccessDecision judge(AccessDecision standing, Requirement requirement) {
        if (!(standing instanceof AccessDecision.Granted member)) {
            return standing;
        }
        if (!satisfies(member.membership(), requirement)) {
            return new AccessDecision.Refused(Reason.MISSING_ROLE,
                    "This needs the " + requirement.name().toLowerCase(java.util.Locale.ROOT) + " role.");
        }
        return member;
    }

    private static boolean satisfies(Membership membership, Requirement requirement) {
        return switch (requirement) {
            case MEMBER -> true;
            case ADMIN -> membership.isAdmin();
            case OWNER -> membership.isOwner();
        };
    }

    private static AccessDecision notFound() {
        return new AccessDecision.Refused(Reason.ORGANISATION_NOT_FOUND,
                "No organisation of that id has you as a member.");
    }

    private static Optional<TenantId> parse(String organisation) {
        try {
            return Optional.of(TenantId.of(organisation));
        } catch (IllegalArgumentException invalid) {
            return Optional.empty();
        }
    }
}
