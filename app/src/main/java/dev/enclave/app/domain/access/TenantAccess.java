package dev.enclave.app.domain.access;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.permission.Permission;
import dev.enclave.app.domain.service.Service;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Decides whether the caller may act in the organisation a path names: a token bound to a tenant must name this
 * one; the caller must be a member and the organisation active (one read with this tenant's scoped client, which
 * also reads the organisation's group definitions); the caller's groups must give the permission. It only decides:
 * what a decision costs the caller's request budget is the edge's business ({@code web.RequestAccess}).
 */
@Singleton
public record TenantAccess(AccessReads reads) {

    /** A standing, with the memberships of other users and the services asked about, read in the same call. */
    public record WithOthers(AccessDecision standing, Map<UserKey, Membership> others,
                             Map<ServiceId, Service> services) {
    }

    /** Whether the caller may act in {@code organisation} with {@code needed}: one read, then a judgement. */
    public AccessDecision decide(Caller caller, String organisation, Permission needed) {
        return judge(standing(caller, organisation), needed);
    }

    /**
     * The caller's standing in {@code organisation}, whatever the permission asked: granted as a member, or refused
     * (tenant mismatch, not a member, organisation gone or suspended). Reads the membership, the organisation and its
     * group definitions once.
     */
    public AccessDecision standing(Caller caller, String organisation) {
        return beforeReading(caller, organisation).orElseGet(() -> {
            TenantId tenant = TenantId.of(organisation);
            return onFacts(tenant, reads.read(tenant, caller.userKey()));
        });
    }

    /** {@link #standing}, reading the memberships of {@code others} and {@code services} in the same call. */
    public WithOthers standingWith(Caller caller, String organisation, List<UserKey> others,
                                   List<ServiceId> services) {
        Optional<AccessDecision> refused = beforeReading(caller, organisation);
        if (refused.isPresent()) {
            return new WithOthers(refused.get(), Map.of(), Map.of());
        }
        TenantId tenant = TenantId.of(organisation);
        AccessReads.Others read = reads.readWith(tenant, caller.userKey(), others, services);
        return new WithOthers(onFacts(tenant, read.facts()), read.memberships(), read.services());
    }

    /** The decision for {@code needed} given a {@link #standing}: a member's groups must also give it. */
    public AccessDecision judge(AccessDecision standing, Permission needed) {
        if (!(standing instanceof AccessDecision.Granted member)) {
            return standing;
        }
        if (!member.holding().holds(needed)) {
            return new AccessDecision.Refused(Reason.MISSING_ROLE,
                    "This needs the " + needed.value() + " permission.");
        }
        return member;
    }

    /** A refusal decided before anything is read: no tenant id, or a token bound to another tenant. */
    private static Optional<AccessDecision> beforeReading(Caller caller, String organisation) {
        Optional<TenantId> tenant = parse(organisation);
        if (tenant.isEmpty()) {
            return Optional.of(notFound());
        }
        if (caller.tenant().isPresent() && !caller.tenant().get().equals(tenant.get())) {
            return Optional.of(new AccessDecision.Refused(Reason.TENANT_MISMATCH,
                    "Your token is bound to tenant " + caller.tenant().get().value() + "."));
        }
        return Optional.empty();
    }

    private static AccessDecision onFacts(TenantId tenant, AccessReads.Facts facts) {
        Optional<Membership> membership = facts.membership();
        if (membership.isEmpty() || facts.organisation().isEmpty()
                || facts.status().filter(s -> s == OrganisationStatus.DELETING).isPresent()) {
            return notFound();
        }
        if (facts.status().filter(s -> s == OrganisationStatus.SUSPENDED).isPresent()) {
            return new AccessDecision.Refused(Reason.ORGANISATION_SUSPENDED,
                    "The organisation is suspended; contact the platform.");
        }
        return new AccessDecision.Granted(tenant, membership.get(), facts.organisation().get(),
                facts.definitions());
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
