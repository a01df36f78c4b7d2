package dev.enclave.app.access;

import dev.enclave.app.auth.Caller;
import dev.enclave.app.limits.RequestBudgets;
import dev.enclave.app.member.Membership;
import dev.enclave.app.organisation.OrganisationStatus;
import dev.enclave.app.problem.ProblemType;
import dev.enclave.app.problem.Rejections;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import jakarta.inject.Singleton;
import java.util.Optional;
import java.util.function.Function;

/**
 * Decides whether the caller may act in the organisation a path names: a token bound to a tenant must name this
 * one; the caller must be a member and the organisation active (one read with this tenant's scoped client); the
 * role must suffice.
 */
@Singleton
@Requires(beans = AccessReads.class)
public final class TenantAccess {

    private final AccessReads reads;
    private final RequestBudgets budgets;

    TenantAccess(AccessReads reads, RequestBudgets budgets) {
        this.reads = reads;
        this.budgets = budgets;
    }

    /** Answers {@code action}'s response when {@link #decide} grants the request, else the refusal as a problem. */
    public HttpResponse<?> whenGranted(HttpRequest<?> request, Caller caller, String organisation,
                                       Requirement requirement,
                                       Function<AccessDecision.Granted, HttpResponse<?>> action) {
        AccessDecision decision = decide(caller, organisation, requirement);
        if (decision instanceof AccessDecision.Granted granted) {
            return action.apply(granted);
        }
        return Rejections.toResponse(request, (AccessDecision.Refused) decision);
    }

    public AccessDecision decide(Caller caller, String organisation, Requirement requirement) {
        Optional<TenantId> tenant = parse(organisation);
        if (tenant.isEmpty()) {
            return notFound();
        }
        if (caller.tenant().isPresent() && !caller.tenant().get().equals(tenant.get())) {
            return new AccessDecision.Refused(ProblemType.TENANT_MISMATCH,
                    "Your token is bound to tenant " + caller.tenant().get().value() + ".");
        }
        UserKey user = UserKey.of(caller.issuer(), caller.subject());
        AccessReads.Facts facts = reads.read(tenant.get(), user);
        Optional<Membership> membership = facts.membership();
        if (membership.isEmpty() || facts.organisation().isEmpty()
                || facts.status().filter(s -> s == OrganisationStatus.DELETING).isPresent()) {
            return notFound();
        }
        if (facts.status().filter(s -> s == OrganisationStatus.SUSPENDED).isPresent()) {
            return new AccessDecision.Refused(ProblemType.ORGANISATION_SUSPENDED,
                    "The organisation is suspended; contact the platform.");
        }
        if (!satisfies(membership.get(), requirement)) {
            return new AccessDecision.Refused(ProblemType.MISSING_ROLE,
                    "This needs the " + requirement.name().toLowerCase(java.util.Locale.ROOT) + " role.");
        }
        budgets.granted(tenant.get(), user, facts.organisation().get().limits());
        return new AccessDecision.Granted(tenant.get(), membership.get(), facts.organisation().get());
    }

    private static boolean satisfies(Membership membership, Requirement requirement) {
        return switch (requirement) {
            case MEMBER -> true;
            case ADMIN -> membership.isAdmin();
            case OWNER -> membership.isOwner();
        };
    }

    private static AccessDecision notFound() {
        return new AccessDecision.Refused(ProblemType.ORGANISATION_NOT_FOUND,
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
