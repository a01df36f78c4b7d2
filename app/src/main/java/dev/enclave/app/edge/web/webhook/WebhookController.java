package dev.enclave.app.edge.web.webhook;

import dev.enclave.app.domain.access.AccessDecision;
import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.app.domain.webhook.ChangingWebhookEndpoint;
import dev.enclave.app.domain.webhook.CreatingWebhookEndpoint;
import dev.enclave.app.domain.webhook.WebhookEndpoint;
import dev.enclave.app.domain.webhook.WebhookEndpointId;
import dev.enclave.app.domain.webhook.WebhookEndpoints;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.InOrganisation;
import dev.enclave.app.edge.contract.JsonBody;
import dev.enclave.app.edge.contract.Problems;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.contract.WireTime;
import dev.enclave.app.edge.input.Text;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.app.edge.web.RequestAccess;
import dev.enclave.app.edge.web.webhook.WebhookViews.CreatedView;
import dev.enclave.app.edge.web.webhook.WebhookViews.EndpointPage;
import dev.enclave.app.edge.web.webhook.WebhookViews.EndpointView;
import dev.enclave.app.edge.web.webhook.WebhookViews.RotatedView;
import dev.enclave.app.infra.webhook.transport.WebhookTransportSettings;
import dev.enclave.app.infra.webhook.transport.WebhookUrls;
import dev.enclave.openapi.JsonAnswer;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Delete;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Patch;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.security.annotation.Secured;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * An organisation's webhook endpoints (owners and admins): add one (its signing secret is in this answer and
 * nowhere else), list, read, change, delete, and rotate its secret (the old one keeps signing for a day).
 */
@Tag(name = "webhooks")
@SignedIn
@InOrganisation
@HttpLimits
@Controller("/v1/orgs/{org}/webhooks")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = {WebhookEndpoints.class, RequestAccess.class, WebhookTransportSettings.class})
class WebhookController {

    /** An event type: lowercase dot-separated words. */
    static final String TYPE = "[a-z][a-z0-9_]{0,30}(\\.[a-z][a-z0-9_]{0,30}){1,3}";
    static final String TYPE_MESSAGE = "must be an event type, e.g. member.added";

    @Serdeable
    @Schema(name = "CreateWebhookEndpoint")
    record CreateEndpoint(@NotNull @Size(max = 2048) String url, @Nullable @Text(max = 200) String description,
                          @Schema(description = "The event types to send; none or empty: every type")
                          @Nullable @Size(max = 50) List<@NotNull @Pattern(regexp = TYPE, message = TYPE_MESSAGE)
                                  String> types,
                          @Nullable Boolean enabled) {
    }

    @Serdeable
    @Schema(name = "UpdateWebhookEndpoint")
    record UpdateEndpoint(@Nullable @Size(max = 2048) String url, @Nullable @Text(max = 200) String description,
                          @Nullable @Size(max = 50) List<@NotNull @Pattern(regexp = TYPE, message = TYPE_MESSAGE)
                                  String> types,
                          @Schema(description = "Enabling an endpoint Enclave disabled forgets its failures")
                          @Nullable Boolean enabled) {
    }

    private final RequestAccess access;
    private final CreatingWebhookEndpoint creating;
    private final ChangingWebhookEndpoint changing;
    private final WebhookEndpoints endpoints;
    private final WebhookUrls urls;

    WebhookController(RequestAccess access, CreatingWebhookEndpoint creating, ChangingWebhookEndpoint changing,
                      WebhookEndpoints endpoints, WebhookTransportSettings transport) {
        this.access = access;
        this.creating = creating;
        this.changing = changing;
        this.endpoints = endpoints;
        this.urls = WebhookUrls.of(transport);
    }

    @Operation(operationId = "createWebhookEndpoint",
            summary = "Add a webhook endpoint (its signing secret is shown once)")
    @JsonAnswer(status = "201", description = "The endpoint and its secret", body = CreatedView.class, location = true)
    @Problems.Conflict
    @Problems.UnprocessableContent
    @JsonBody
    @Post
    HttpResponse<?> create(HttpRequest<?> request, Caller caller, @PathVariable String org,
                           @Valid @Body CreateEndpoint body) {
        return access.whenGranted(request, caller, org, SystemPermissions.WEBHOOKS_MANAGE, granted -> urlChecked(request, body.url(),
                () -> Rejections.answer(request, creating.create(new CreatingWebhookEndpoint.Command(
                        granted.organisation(), body.url(), Optional.ofNullable(body.description()).orElse(""),
                        types(body.types()), !Boolean.FALSE.equals(body.enabled()),
                        WebhookEndpoint.Keeper.of(granted.membership()), granted.holding())), created ->
                        HttpResponse.created(new CreatedView(EndpointView.of(created.endpoint()),
                                created.secret().reveal()), URI.create(request.getPath() + "/"
                                + created.endpoint().id().value())))));
    }

    @Operation(operationId = "listWebhookEndpoints", summary = "List the organisation's webhook endpoints")
    @JsonAnswer(description = "The endpoints", body = EndpointPage.class)
    @Get
    HttpResponse<?> list(HttpRequest<?> request, Caller caller, @PathVariable String org) {
        return access.whenGranted(request, caller, org, SystemPermissions.WEBHOOKS_MANAGE, granted -> HttpResponse.ok(
                new EndpointPage(endpoints.list(granted.tenant(), granted.organisation().incarnation()).stream().map(EndpointView::of).toList(), null)));
    }

    @Operation(operationId = "getWebhookEndpoint", summary = "Read a webhook endpoint")
    @JsonAnswer(description = "The endpoint", body = EndpointView.class)
    @Get("/{id}")
    HttpResponse<?> get(HttpRequest<?> request, Caller caller, @PathVariable String org, @PathVariable String id) {
        return onEndpoint(access, request, caller, org, id, (granted, endpoint) -> endpoints.find(granted.tenant(),
                endpoint).<HttpResponse<?>>map(found -> HttpResponse.ok(EndpointView.of(found)))
                .orElseGet(() -> notFound(request)));
    }

    @Operation(operationId = "updateWebhookEndpoint",
            summary = "Change a webhook endpoint's URL, description, event types or whether it is enabled")
    @JsonAnswer(description = "The endpoint as changed", body = EndpointView.class)
    @Problems.Conflict
    @Problems.UnprocessableContent
    @JsonBody
    @Patch("/{id}")
    HttpResponse<?> update(HttpRequest<?> request, Caller caller, @PathVariable String org, @PathVariable String id,
                           @Valid @Body UpdateEndpoint body) {
        return onEndpoint(access, request, caller, org, id, (granted, endpoint) -> urlChecked(request, body.url(),
                () -> Rejections.answer(request, changing.change(new ChangingWebhookEndpoint.Change(granted.tenant(),
                        endpoint, Optional.ofNullable(body.url()), Optional.ofNullable(body.description()),
                        Optional.ofNullable(body.types()).map(WebhookController::types),
                        Optional.ofNullable(body.enabled()), WebhookEndpoint.Keeper.of(granted.membership()),
                        granted.holding())), changed -> HttpResponse.ok(EndpointView.of(changed)))));
    }

    @Operation(operationId = "deleteWebhookEndpoint", summary = "Delete a webhook endpoint")
    @ApiResponse(responseCode = "204", description = "Deleted")
    @Consumes(MediaType.ALL)
    @Delete("/{id}")
    HttpResponse<?> delete(HttpRequest<?> request, Caller caller, @PathVariable String org, @PathVariable String id) {
        return onEndpoint(access, request, caller, org, id, (granted, endpoint) -> Rejections.orNoContent(request,
                changing.delete(granted.tenant(), endpoint)));
    }

    @Operation(operationId = "rotateWebhookSecret",
            summary = "Give the endpoint a new signing secret; the old one keeps signing for 24 hours")
    @JsonAnswer(description = "The new secret", body = RotatedView.class)
    @Problems.Conflict
    @Problems.BadRequest
    @Consumes(MediaType.ALL)
    @Post("/{id}/rotate-secret")
    HttpResponse<?> rotate(HttpRequest<?> request, Caller caller, @PathVariable String org, @PathVariable String id) {
        return onEndpoint(access, request, caller, org, id, (granted, endpoint) -> Rejections.answer(request,
                changing.rotate(granted.tenant(), endpoint, WebhookEndpoint.Keeper.of(granted.membership()),
                        granted.holding()), rotated -> HttpResponse.ok(new RotatedView(rotated.secret().reveal(),
                        WireTime.of(rotated.previousUntil())))));
    }

    private HttpResponse<?> urlChecked(HttpRequest<?> request, @Nullable String url,
                                       java.util.function.Supplier<HttpResponse<?>> then) {
        Optional<String> problem = url == null ? Optional.empty() : urls.problem(url);
        return problem.<HttpResponse<?>>map(detail -> Rejections.toResponse(request, Reason.WEBHOOK_URL_REFUSED,
                detail)).orElseGet(then);
    }

    /**
     * The endpoint the path names, for a caller who may manage the organisation's webhooks: an id no endpoint can
     * have names none, answered as such only to those who may know.
     */
    static HttpResponse<?> onEndpoint(RequestAccess access, HttpRequest<?> request, Caller caller, String org,
                                      String id,
                                      BiFunction<AccessDecision.Granted, WebhookEndpointId, HttpResponse<?>> then) {
        return access.whenGranted(request, caller, org, SystemPermissions.WEBHOOKS_MANAGE, granted ->
                WebhookEndpointId.parse(id).<HttpResponse<?>>map(endpoint -> then.apply(granted, endpoint))
                        .orElseGet(() -> notFound(request)));
    }

    static HttpResponse<?> notFound(HttpRequest<?> request) {
        return Rejections.toResponse(request, Reason.WEBHOOK_ENDPOINT_NOT_FOUND, "No such webhook endpoint.");
    }

    private static Set<String> types(@Nullable List<String> types) {
        return types == null ? Set.of() : Set.copyOf(types);
    }
}
