package dev.enclave.app.edge.web.me;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.invitation.Invitations;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.web.invitation.InvitationViews;
import dev.enclave.identity.EmailKey;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;

/** The caller's own pending invitations. */
@Tag(name = "invitations")
@SignedIn
@HttpLimits
@Controller("/v1/me/invitations")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = Invitations.class)
class MyInvitationsController {

    private final Invitations invitations;

    MyInvitationsController(Invitations invitations) {
        this.invitations = invitations;
    }

    /** One Query on the invitee index, scoped to the caller's verified email key. */
    @Operation(operationId = "listMyInvitations", summary = "Pending invitations to the caller's verified email")
    @ApiResponse(responseCode = "200", description = "The invitations",
            content = @Content(mediaType = "application/json",
                schema = @Schema(implementation = InvitationViews.Page.class)))
    @Get
    InvitationViews.Page mine(Caller caller) {
        return new InvitationViews.Page(caller.verifiedEmail().map(email -> invitations.pendingFor(EmailKey.of(email)))
                .orElse(List.of()).stream().map(InvitationViews.View::of).toList(), null);
    }
}
