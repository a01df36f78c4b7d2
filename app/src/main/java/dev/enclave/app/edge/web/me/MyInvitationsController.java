package dev.enclave.app.edge.web.me;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.invitation.Invitations;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.Problems;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.web.invitation.InvitationViews;
import dev.enclave.identity.EmailKey;
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
import java.util.List;
import java.util.Optional;

/** The caller's own pending invitations, a page at a time. */
@Tag(name = "invitations")
@SignedIn
@HttpLimits
@Controller("/v1/me/invitations")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = Invitations.class)
class MyInvitationsController {

    private static final String LIST = "my-invitations";

    private final Invitations invitations;
    private final OwnPages pages;

    MyInvitationsController(Invitations invitations, OwnPages pages) {
        this.invitations = invitations;
        this.pages = pages;
    }

    /**
     * A Query on the invitee index, scoped to the caller's verified email key, by organisation id; none without a
     * verified email.
     */
    @Operation(operationId = "listMyInvitations", summary = "Pending invitations to the caller's verified email, a "
            + "page at a time")
    @JsonAnswer(description = "A page of the invitations", body = InvitationViews.Page.class)
    @Problems.BadRequest
    @Get
    HttpResponse<?> mine(HttpRequest<?> request, Caller caller, @Nullable @QueryValue Integer limit,
                         @Nullable @QueryValue String cursor) {
        String list = OwnPages.listOf(LIST, caller);
        Optional<EmailKey> email = caller.verifiedEmail().map(EmailKey::of);
        return pages.answer(request, email.map(EmailKey::prefix), list, limit, cursor, (size, after) -> {
            if (email.isEmpty()) {
                return HttpResponse.ok(new InvitationViews.Page(List.of(), null));
            }
            Invitations.InvitationPage page = invitations.pendingFor(email.get(), caller.tenant(), size, after);
            return HttpResponse.ok(new InvitationViews.Page(page.invitations().stream()
                    .map(InvitationViews.View::of).toList(), pages.next(email.get().prefix(), list, page.last())));
        });
    }
}
