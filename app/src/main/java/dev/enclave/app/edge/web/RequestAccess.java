package dev.enclave.app.edge.web;

import dev.enclave.app.domain.access.AccessDecision;
import dev.enclave.app.domain.access.ActingAuthority;
import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.access.TenantAccess;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.permission.Authority;
import dev.enclave.app.domain.permission.Permission;
import dev.enclave.app.domain.profile.ChangingProfile;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.app.edge.observability.RequestEventContext;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.app.infra.limits.RequestBudgets;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.function.Function;

/**
 * The access decision of one request, shared by the filters and the controller that handle it: the caller's standing
 * in the organisation is read once and kept on the request; each requirement is then judged on what was read. What
 * the decision means for the request budgets is told to them here: a member granted spends the organisation's
 * budget from then on, one found not to be a member their own again at once. A member whose token's profile
 * claims differ from their membership's copy is told to the profile ({@link ChangingProfile#seen}), which then
 * updates every copy.
 */
@Singleton
@Requires(beans = TenantAccess.class)
public final class RequestAccess {

    private static final String STANDING = "enclave.access-standing";

    private final TenantAccess access;
    private final RequestBudgets budgets;
    private final ChangingProfile profiles;

    RequestAccess(TenantAccess access, RequestBudgets budgets, ChangingProfile profiles) {
        this.access = access;
        this.budgets = budgets;
        this.profiles = profiles;
    }

    /** Answers {@code action}'s response when the request is granted, else the refusal as a problem. */
    public HttpResponse<?> whenGranted(HttpRequest<?> request, Caller caller, String organisation,
                                       Permission needed,
                                       Function<AccessDecision.Granted, HttpResponse<?>> action) {
        AccessDecision decision = decide(request, caller, organisation, needed);
        if (decision instanceof AccessDecision.Granted granted) {
            return action.apply(granted);
        }
        return Rejections.toResponse(request, ((AccessDecision.Refused) decision).refusal());
    }

    /** The decision for {@code needed}, judged on the standing this request already read if it has one. */
    public AccessDecision decide(HttpRequest<?> request, Caller caller, String organisation, Permission needed) {
        AccessDecision decision = access.judge(standing(request, caller, organisation), needed);
        if (decision instanceof AccessDecision.Granted member) {
            budgets.granted(member.tenant(), member.membership().user(), member.organisation().limits());
            RequestEventContext.actingMember(request, new ActingAuthority(member.membership(),
                    member.holding().authorityFor(needed)));
        }
        return decision;
    }

    /**
     * The request's changes are written only while the member also still holds what lets them give what the change
     * gives ({@code authority}, from their {@code Holding}: the owner group for owner, every group a permission they
     * give or hand on comes from), not only one of the groups the permission the request needed came from.
     */
    public static void actingOn(HttpRequest<?> request, AccessDecision.Granted member, Authority authority) {
        RequestEventContext.actingMember(request, new ActingAuthority(member.membership(), authority));
    }

    /**
     * Whether the caller still holds {@code needed} in the same life of the organisation, read afresh and told to
     * nobody: for an answer that outlasts its request's first decision, such as an export read page by page.
     */
    public boolean stillGranted(Caller caller, TenantId organisation, Permission needed, Incarnation incarnation) {
        return access.judge(access.standing(caller, organisation.value()), needed) instanceof AccessDecision.Granted
                granted && granted.organisation().incarnation().equals(incarnation);
    }

    /**
     * The decision for {@code needed}, with the memberships of {@code others} read in the same call as the caller's
     * standing: a request about several members costs one read.
     */
    public TenantAccess.WithOthers decideWith(HttpRequest<?> request, Caller caller, String organisation,
                                              Permission needed, List<UserKey> others) {
        return decideWith(request, caller, organisation, needed, others, List.of());
    }

    /** {@link #decideWith}, reading {@code services} in the same call too: a check within services. */
    public TenantAccess.WithOthers decideWith(HttpRequest<?> request, Caller caller, String organisation,
                                              Permission needed, List<UserKey> others, List<ServiceId> services) {
        TenantAccess.WithOthers read = access.standingWith(caller, organisation, others, services);
        noted(request, caller, organisation, read.standing());
        AccessDecision decision = decide(request, caller, organisation, needed);
        return new TenantAccess.WithOthers(decision, read.others(), read.services());
    }

    private AccessDecision standing(HttpRequest<?> request, Caller caller, String organisation) {
        Standing held = request.getAttribute(STANDING, Standing.class)
                .filter(standing -> standing.isFor(caller, organisation))
                .orElse(null);
        if (held != null) {
            return held.standing();
        }
        return noted(request, caller, organisation, access.standing(caller, organisation));
    }

    /**
     * A standing just read: told to the profile (claims that differ from the membership's copy) and to the budgets
     * (one found not to be a member), and kept on the request.
     */
    private AccessDecision noted(HttpRequest<?> request, Caller caller, String organisation,
                                 AccessDecision standing) {
        if (standing instanceof AccessDecision.Granted member) {
            profiles.seen(member.membership().tenant(), caller.userKey(), caller.profile(),
                    member.membership().profile());
        }
        if (standing instanceof AccessDecision.Refused refused && refused.reason() == Reason.ORGANISATION_NOT_FOUND
                && TenantId.PATTERN.matcher(organisation).matches()) {
            budgets.notAMember(TenantId.of(organisation), caller.userKey());
        }
        request.setAttribute(STANDING, new Standing(caller, organisation, standing));
        return standing;
    }

    private record Standing(Caller caller, String organisation, AccessDecision standing) {

        boolean isFor(Caller other, String otherOrganisation) {
            return caller.equals(other) && organisation.equals(otherOrganisation);
        }
    }
}
