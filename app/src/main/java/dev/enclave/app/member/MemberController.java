package dev.enclave.app.member;

import dev.enclave.app.access.AccessDecision;
import dev.enclave.app.access.Requirement;
import dev.enclave.app.access.TenantAccess;
import dev.enclave.app.auth.Caller;
import dev.enclave.app.problem.ProblemType;
import dev.enclave.app.problem.Refusal;
import dev.enclave.app.problem.Rejections;
import dev.enclave.identity.UserKey;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import java.util.Optional;

/** An organisation's members, a page (one Query) at a time. */
@Controller("/v1/orgs/{org}/members")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = Members.class)
class MemberController {

    static final int DEFAULT_PAGE = 25;
    static final int MAX_PAGE = 100;

    private final Members members;
    private final MemberCursors cursors;
    private final TenantAccess access;

    MemberController(Members members, MemberCursors cursors, TenantAccess access) {
        this.members = members;
        this.cursors = cursors;
        this.access = access;
    }

    @Get
    HttpResponse<?> list(HttpRequest<?> request, Caller caller, @PathVariable String org,
                         @Nullable @QueryValue Integer limit, @Nullable @QueryValue String cursor) {
        AccessDecision decision = access.decide(caller, org, Requirement.MEMBER);
        if (!(decision instanceof AccessDecision.Granted granted)) {
            return Rejections.toResponse(request, (AccessDecision.Refused) decision);
        }
        int size = limit == null ? DEFAULT_PAGE : limit;
        if (size < 1 || size > MAX_PAGE) {
            return Rejections.toResponse(request, new Refusal(ProblemType.BAD_REQUEST,
                    "limit must be between 1 and " + MAX_PAGE + "."));
        }
        Optional<UserKey> after = Optional.empty();
        if (cursor != null) {
            after = cursors.decode(granted.tenant(), cursor);
            if (after.isEmpty()) {
                return Rejections.toResponse(request, new Refusal(ProblemType.INVALID_CURSOR,
                        "Use the nextCursor this organisation's previous page returned, unchanged."));
            }
        }
        Members.MemberPage page = members.list(granted.tenant(), size, after);
        return HttpResponse.ok(new MemberView.Page(page.members().stream().map(MemberView::of).toList(),
                page.last().map(last -> cursors.encode(granted.tenant(), last)).orElse(null)));
    }

    @Get("/{userId}")
    HttpResponse<?> get(HttpRequest<?> request, Caller caller, @PathVariable String org, @PathVariable String userId) {
        AccessDecision decision = access.decide(caller, org, Requirement.MEMBER);
        if (!(decision instanceof AccessDecision.Granted granted)) {
            return Rejections.toResponse(request, (AccessDecision.Refused) decision);
        }
        return members.find(granted.tenant(), UserKey.of(caller.issuer(), userId))
                .<HttpResponse<?>>map(m -> HttpResponse.ok(MemberView.of(m)))
                .orElseGet(() -> Rejections.toResponse(request, new Refusal(ProblemType.MEMBER_NOT_FOUND,
                        "No member " + userId + " in this organisation.")));
    }
}
