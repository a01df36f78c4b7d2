package dev.enclave.app.edge.web.invitation;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.invitation.InvitationDeliveries;
import dev.enclave.app.domain.invitation.InvitationDelivery;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.InOrganisation;
import dev.enclave.app.edge.contract.JsonBody;
import dev.enclave.app.edge.contract.Problems;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.app.edge.web.RequestAccess;
import dev.enclave.app.infra.webhook.InvitationMailer;
import dev.enclave.openapi.JsonAnswer;
import io.micronaut.context.annotation.Requires;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Put;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.util.Optional;

/**
 * How the organisation's invitations reach invitees (owners and admins): {@code token} in the answer to the sender,
 * an {@code email} Enclave sends with the accept link, or the organisation's {@code webhook} ({@code invitation.sent}
 * carries the link to its backend). With email or webhook, the sender's answer has no token. Email is refused
 * where Enclave has no mail server configured: the invitations would wait for a mailer that never comes.
 */
@Tag(name = "invitations")
@SignedIn
@InOrganisation
@HttpLimits
@Controller("/v1/orgs/{org}/invitation-delivery")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = {InvitationDeliveries.class, RequestAccess.class})
class InvitationDeliveryController {

    @Serdeable
    @Schema(name = "InvitationDelivery")
    record DeliveryView(@Schema(description = "token, email or webhook") @NotNull
                        @Pattern(regexp = InvitationDelivery.PATTERN, message = "must be token, email or webhook")
                        String delivery) {
    }

    private final RequestAccess access;
    private final InvitationDeliveries deliveries;
    private final boolean mailing;

    InvitationDeliveryController(RequestAccess access, InvitationDeliveries deliveries,
                                 Optional<InvitationMailer> mailer) {
        this.access = access;
        this.deliveries = deliveries;
        this.mailing = mailer.isPresent();
    }

    @Operation(operationId = "getInvitationDelivery", summary = "How the organisation's invitations reach invitees")
    @JsonAnswer(description = "The choice", body = DeliveryView.class)
    @Get
    HttpResponse<?> get(HttpRequest<?> request, Caller caller, @PathVariable String org) {
        return access.whenGranted(request, caller, org, SystemPermissions.INVITATIONS_MANAGE, granted ->
                HttpResponse.ok(new DeliveryView(deliveries.of(granted.tenant()).wire())));
    }

    @Operation(operationId = "setInvitationDelivery",
            summary = "Choose how the organisation's invitations reach invitees")
    @JsonAnswer(description = "The choice, made", body = DeliveryView.class)
    @Problems.Conflict
    @JsonBody
    @Put
    HttpResponse<?> set(HttpRequest<?> request, Caller caller, @PathVariable String org,
                        @Valid @Body DeliveryView body) {
        InvitationDelivery chosen = InvitationDelivery.parse(body.delivery()).orElseThrow();
        if (chosen == InvitationDelivery.EMAIL && !mailing) {
            return Rejections.invalid(request, "delivery", "this Enclave sends no email (no enclave.mail.host or "
                    + "enclave.invitations.accept-link-template is set)");
        }
        return access.whenGranted(request, caller, org, SystemPermissions.INVITATIONS_MANAGE, granted ->
                deliveries.choose(granted.organisation(), chosen) ? HttpResponse.ok(new DeliveryView(chosen.wire()))
                        : Rejections.toResponse(request, Reason.CONFLICT,
                        "The organisation changed meanwhile; try again."));
    }
}
