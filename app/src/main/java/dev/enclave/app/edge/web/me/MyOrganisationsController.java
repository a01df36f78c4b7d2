package dev.enclave.app.edge.web.me;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.member.Members;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.Problems;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.web.member.MemberView;
import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.openapi.JsonAnswer;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.Optional;

/**
 * The caller's organisations across tenants, with their names, a page at a time: the user index, on credentials
 * scoped to the caller's own {@code USER#} key, by organisation id. Each membership carries a copy of its
 * organisation's name, which a rename's background job copies into every membership; the index follows the
 * memberships eventually, usually within a fraction of a second.
 */
@Tag(name = "me")
@SignedIn
@HttpLimits
@Controller("/v1/me/orgs")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = Members.class)
class MyOrganisationsController {

    private static final String LIST = "my-organisations";

    private final Members members;
    private final OwnPages pages;

    MyOrganisationsController(Members members, OwnPages pages) {
        this.members = members;
        this.pages = pages;
    }

    @Operation(operationId = "listMyOrganisations", summary = "The organisations the caller belongs to, a page at a "
            + "time")
    @JsonAnswer(description = "A page of the caller's organisations", body = MemberView.Organisations.class)
    @Problems.BadRequest
    @Get
    HttpResponse<?> mine(HttpRequest<?> request, Caller caller, @Nullable @QueryValue Integer limit,
                         @Nullable @QueryValue String cursor) {
        String list = OwnPages.listOf(LIST, caller);
        LeadingKeyPrefix owner = caller.userKey().prefix();
        return pages.answer(request, Optional.of(owner), list, limit, cursor, (size, after) -> {
            Members.UserMembershipPage page = members.ofUser(caller.userKey(), caller.tenant(), size, after);
            return HttpResponse.ok(new MemberView.Organisations(page.memberships().stream()
                    .map(MemberView.MyOrganisation::of).toList(), pages.next(owner, list, page.last())));
        });
    }
}
