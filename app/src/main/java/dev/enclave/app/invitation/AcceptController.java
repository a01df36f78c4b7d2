package dev.enclave.app.invitation;

import dev.enclave.app.auth.Caller;
import dev.enclave.app.problem.Rejections;
import dev.enclave.identity.EmailKey;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import jakarta.validation.Valid;
import java.util.List;

/** The invitee's side: accepting or declining with the token, and the caller's own pending invitations. */
@Controller("/v1")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = Invitations.class)
class AcceptController {

    private final AcceptingInvitation accepting;
    private final DecliningInvitation declining;
    private final Invitations invitations;

    AcceptController(AcceptingInvitation accepting, DecliningInvitation declining, Invitations invitations) {
        this.accepting = accepting;
        this.declining = declining;
        this.invitations = invitations;
    }

    @Post("/invitations/decline")
    HttpResponse<?> decline(HttpRequest<?> request, Caller caller, @Valid @Body InvitationViews.TokenRequest body) {
        return declining.decline(caller, body.token()).<HttpResponse<?>>map(r -> Rejections.toResponse(request, r))
                .orElseGet(HttpResponse::noContent);
    }

    @Post("/invitations/accept")
    HttpResponse<?> accept(HttpRequest<?> request, Caller caller, @Valid @Body InvitationViews.TokenRequest body) {
        var result = accepting.accept(caller, body.token());
        if (result instanceof AcceptingInvitation.Refused refused) {
            return Rejections.toResponse(request, refused.refusal());
        }
        return HttpResponse.ok(InvitationViews.Membership.of(((AcceptingInvitation.Accepted) result).membership()));
    }

    /** One Query on the invitee index, scoped to the caller's verified email key. */
    @Get("/me/invitations")
    List<InvitationViews.View> mine(Caller caller) {
        if (!caller.emailVerified() || caller.email().isEmpty()) {
            return List.of();
        }
        return invitations.pendingFor(EmailKey.of(caller.email().get())).stream().map(InvitationViews.View::of)
                .toList();
    }
}
