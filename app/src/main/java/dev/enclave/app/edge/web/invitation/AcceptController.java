package dev.enclave.app.edge.web.invitation;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.invitation.AcceptingInvitation;
import dev.enclave.app.domain.invitation.DecliningInvitation;
import dev.enclave.app.domain.invitation.Invitations;
import dev.enclave.app.domain.profile.ChangingProfile;
import dev.enclave.app.domain.profile.ProfileCopy;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.openapi.JsonAnswer;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;

/** The invitee's side: accepting or declining with the token. */
@Tag(name = "invitations")
@SignedIn
@HttpLimits
@Controller("/v1")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = Invitations.class)
class AcceptController {

    private final AcceptingInvitation accepting;
    private final DecliningInvitation declining;
    private final ChangingProfile profiles;

    AcceptController(AcceptingInvitation accepting, DecliningInvitation declining, ChangingProfile profiles) {
        this.accepting = accepting;
        this.declining = declining;
        this.profiles = profiles;
    }

    @Operation(operationId = "declineInvitation", summary = "Decline an invitation addressed to the caller")
    @ApiResponse(responseCode = "204", description = "Declined")
    @ByToken
    @Post("/invitations/decline")
    HttpResponse<?> decline(HttpRequest<?> request, Caller caller, @Valid @Body InvitationViews.TokenRequest body) {
        return Rejections.orNoContent(request, declining.decline(new DecliningInvitation.Decline(caller, body.token())));
    }

    @Operation(operationId = "acceptInvitation", summary = "Accept an invitation addressed to the caller")
    @JsonAnswer(description = "The new membership", body = InvitationViews.Membership.class)
    @ByToken
    @Post("/invitations/accept")
    HttpResponse<?> accept(HttpRequest<?> request, Caller caller, @Valid @Body InvitationViews.TokenRequest body) {
        ProfileCopy copied = profiles.current(caller.userKey(), caller.profile()).copy();
        return Rejections.answer(request, accepting.accept(new AcceptingInvitation.Accept(caller, body.token(),
                copied)), membership -> {
                    profiles.joined(membership.tenant(), caller.userKey(), copied);
                    return HttpResponse.ok(InvitationViews.Membership.of(membership));
                });
    }
}
