package dev.enclave.app.edge.web.invitation;

import dev.enclave.app.domain.access.AccessDecision;
import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.invitation.Invitation;
import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.domain.invitation.InvitationStatus;
import dev.enclave.app.domain.invitation.Invitations;
import dev.enclave.app.domain.invitation.ResendingInvitation;
import dev.enclave.app.domain.invitation.RevokingInvitation;
import dev.enclave.app.domain.invitation.SendingInvitation;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.Idempotent;
import dev.enclave.app.edge.contract.InOrganisation;
import dev.enclave.app.edge.contract.JsonBody;
import dev.enclave.app.edge.contract.ResponseHeaders;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.http.PageSize;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.app.edge.web.RequestAccess;
import dev.enclave.identity.Email;
import dev.enclave.openapi.JsonAnswer;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.env.Environment;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.parameters.RequestBody;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** An organisation's invitations: send, list by status, revoke. Admins and owners only. */
@Tag(name = "invitations")
@SignedIn
@InOrganisation
@HttpLimits
@Controller("/v1/orgs/{org}/invitations")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = Invitations.class)
class InvitationController {

    private static final Logger LOG = LoggerFactory.getLogger("enclave.invitations");

    private final RequestAccess access;
    private final SendingInvitation sending;
    private final ResendingInvitation resending;
    private final RevokingInvitation revoking;
    private final Invitations invitations;
    private final InvitationCursors cursors;
    private final boolean local;

    InvitationController(RequestAccess access, SendingInvitation sending, ResendingInvitation resending,
                         RevokingInvitation revoking, Invitations invitations, InvitationCursors cursors,
                         Environment environment) {
        this.cursors = cursors;
        this.access = access;
        this.sending = sending;
        this.resending = resending;
        this.revoking = revoking;
        this.invitations = invitations;
        this.local = environment.getActiveNames().contains("local");
    }

    @Operation(operationId = "sendInvitation",
            summary = "Invite someone by email (owner-granting invitations: owners only)")
    @ApiResponse(responseCode = "201", description = "The invitation and its token",
            headers = {@Header(name = "Location", description = ResponseHeaders.LOCATION,
                schema = @Schema(type = "string")), @Header(name = "Idempotent-Replayed",
                description = ResponseHeaders.IDEMPOTENT_REPLAYED, schema = @Schema(type = "string"))},
            content = @Content(mediaType = "application/json",
                schema = @Schema(implementation = InvitationViews.Created.class)))
    @JsonBody
    @Idempotent
    @Post
    HttpResponse<?> send(HttpRequest<?> request, Caller caller, @PathVariable String org,
                         @Valid @Body InvitationViews.SendRequest body) {
        return access.whenGranted(request, caller, org, SystemPermissions.INVITATIONS_MANAGE, granted -> send(request, granted, body));
    }

    private HttpResponse<?> send(HttpRequest<?> request, AccessDecision.Granted granted,
                                 InvitationViews.SendRequest body) {
        Set<GroupName> groups = parsed(body.groups(), GroupName::parse);
        RequestAccess.actingOn(request, granted, granted.holding().authorityToGrant(
                SystemPermissions.INVITATIONS_MANAGE, groups));
        return Rejections.answer(request, sending.send(new SendingInvitation.Send(granted.acting(),
                granted.organisation(), Email.of(body.email()), groups,
                parsed(body.serviceGroups(), ServiceGroup::parse), body.expiresInDays() == null
                ? InvitationViews.SendRequest.DEFAULT_DAYS : body.expiresInDays())), sent -> sent(granted, sent));
    }

    private HttpResponse<?> sent(AccessDecision.Granted granted, SendingInvitation.Sent sent) {
        String org = granted.tenant().value();
        if (local && sent.delivery().answersWithToken()) {
            LOG.info("local run, no email sent: {} is invited to {}; accept with POST /v1/invitations/accept "
                    + "{\"token\":\"{}\"}", sent.invitation().email(), org, sent.token().value());
        }
        return HttpResponse.created(InvitationViews.Created.of(sent),
                URI.create("/v1/orgs/" + org + "/invitations/" + sent.invitation().id().value()));
    }

    /** The values a validated list (absent: none) writes; each matched its type's pattern before the body bound. */
    private static <T> Set<T> parsed(@Nullable List<String> written, Function<String, Optional<T>> parse) {
        return written == null ? Set.of() : written.stream()
                .map(value -> parse.apply(value).orElseThrow(() -> new IllegalStateException("not validated")))
                .collect(Collectors.toSet());
    }

    @Operation(operationId = "listInvitations", summary = "List an organisation's invitations of a status, newest "
            + "first, a page at a time")
    @JsonAnswer(description = "A page of invitations", body = InvitationViews.Page.class)
    @Get
    HttpResponse<?> list(HttpRequest<?> request, Caller caller, @PathVariable String org,
                         @Parameter(description = "pending (the default), accepted, declined, revoked, superseded or expired")
                         @Nullable @QueryValue String status,
                         @Parameter(description = "Page size, 1-100 (default 25)") @Nullable @QueryValue Integer limit,
                         @Parameter(description = "The nextCursor of the previous page of the same status")
                         @Nullable @QueryValue String cursor) {
        return access.whenGranted(request, caller, org, SystemPermissions.INVITATIONS_MANAGE, granted -> {
            Optional<InvitationStatus> wanted = status == null ? Optional.of(InvitationStatus.PENDING)
                    : InvitationStatus.parse(status);
            if (wanted.isEmpty()) {
                return Rejections.toResponse(request, Reason.BAD_REQUEST,
                        "status must be pending, accepted, declined, revoked, superseded or expired.");
            }
            Optional<PageSize> size = PageSize.requested(limit);
            if (size.isEmpty()) {
                return Rejections.toResponse(request, Reason.BAD_REQUEST, PageSize.RULE);
            }
            Optional<String> after = Optional.empty();
            if (cursor != null) {
                after = cursors.decode(granted.tenant(), granted.organisation().incarnation(), wanted.get(), cursor);
                if (after.isEmpty()) {
                    return Rejections.toResponse(request, Reason.INVALID_CURSOR,
                            "Use the nextCursor this list's previous page returned, unchanged.");
                }
            }
            Invitations.InvitationPage page = invitations.withStatus(granted.organisation(), wanted.get(),
                    size.get().value(), after);
            return HttpResponse.ok(new InvitationViews.Page(page.invitations().stream()
                    .map(InvitationViews.View::of).toList(),
                    page.last().map(last -> cursors.encode(granted.tenant(), granted.organisation().incarnation(),
                            wanted.get(), last)).orElse(null)));
        });
    }

    @Operation(operationId = "revokeInvitation", summary = "Revoke a pending invitation")
    @ApiResponse(responseCode = "204", description = "Revoked",
            headers = {@Header(name = "Idempotent-Replayed",
                description = ResponseHeaders.IDEMPOTENT_REPLAYED, schema = @Schema(type = "string"))})
    @Idempotent
    @Consumes(MediaType.ALL)
    @Post("/{id}/revoke")
    HttpResponse<?> revoke(HttpRequest<?> request, Caller caller, @PathVariable String org, @PathVariable String id) {
        return withInvitation(request, caller, org, id, (granted, invitation) -> Rejections.orNoContent(request,
                revoking.revoke(new RevokingInvitation.Revoke(granted.acting(), granted.organisation(), invitation))));
    }

    @Operation(operationId = "resendInvitation", summary = "Replace a pending invitation with a new token, valid for "
            + "expiresInDays (default 7)")
    @ApiResponse(responseCode = "200", description = "The new invitation and its token",
            headers = {@Header(name = "Idempotent-Replayed",
                description = ResponseHeaders.IDEMPOTENT_REPLAYED, schema = @Schema(type = "string"))},
            content = @Content(mediaType = "application/json",
                schema = @Schema(implementation = InvitationViews.Created.class)))
    @Idempotent
    @JsonBody
    @Consumes(MediaType.ALL)
    @Post("/{id}/resend")
    HttpResponse<?> resend(HttpRequest<?> request, Caller caller, @PathVariable String org, @PathVariable String id,
                           @RequestBody(required = false, content = @Content(mediaType = MediaType.APPLICATION_JSON,
                               schema = @Schema(implementation = InvitationViews.ResendRequest.class)))
                           @Valid @Nullable @Body InvitationViews.ResendRequest body) {
        int days = body == null || body.expiresInDays() == null ? InvitationViews.SendRequest.DEFAULT_DAYS
                : body.expiresInDays();
        return withInvitation(request, caller, org, id, (granted, invitation) -> Rejections.answer(request,
                resending.resend(new ResendingInvitation.Resend(granted.acting(), granted.organisation(), invitation,
                        days)), sent -> HttpResponse.ok(InvitationViews.Created.of(sent))));
    }

    private HttpResponse<?> withInvitation(HttpRequest<?> request, Caller caller, String org, String id,
                                           BiFunction<AccessDecision.Granted, Invitation, HttpResponse<?>> action) {
        return access.whenGranted(request, caller, org, SystemPermissions.INVITATIONS_MANAGE, granted -> {
            Optional<Invitation> invitation;
            try {
                invitation = invitations.find(granted.tenant(), new InvitationId(id));
            } catch (IllegalArgumentException malformed) {
                invitation = Optional.empty();
            }
            invitation.ifPresent(found -> RequestAccess.actingOn(request, granted, granted.holding()
                    .authorityToGrant(SystemPermissions.INVITATIONS_MANAGE, found.groups())));
            return invitation.<HttpResponse<?>>map(found -> action.apply(granted, found))
                    .orElseGet(() -> Rejections.toResponse(request,
                            Reason.INVITATION_NOT_FOUND, "No such invitation."));
        });
    }
}
