package dev.enclave.app.edge.web.webhook;

import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.webhook.Deliveries;
import dev.enclave.app.domain.webhook.DeliveryId;
import dev.enclave.app.domain.webhook.ReplayingDeliveries;
import dev.enclave.app.domain.webhook.WebhookEndpoints;
import dev.enclave.app.edge.contract.HttpLimits;
import dev.enclave.app.edge.contract.Idempotent;
import dev.enclave.app.edge.contract.InOrganisation;
import dev.enclave.app.edge.contract.JsonBody;
import dev.enclave.app.edge.contract.Problems;
import dev.enclave.app.edge.contract.ResponseHeaders;
import dev.enclave.app.edge.contract.SignedIn;
import dev.enclave.app.edge.contract.WireTime;
import dev.enclave.app.edge.problem.Rejections;
import dev.enclave.app.edge.web.RequestAccess;
import dev.enclave.app.edge.web.webhook.WebhookViews.DeliveryPage;
import dev.enclave.app.edge.web.webhook.WebhookViews.DeliveryView;
import dev.enclave.app.edge.web.webhook.WebhookViews.RecoveredView;
import dev.enclave.openapi.JsonAnswer;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
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
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import java.time.Instant;
import java.util.Optional;

/**
 * An endpoint's deliveries (owners and admins): each attempt listed, newest delivery first; one sent again, every
 * failure since a time sent again, or a test event sent.
 */
@Tag(name = "webhooks")
@SignedIn
@InOrganisation
@HttpLimits
@Controller("/v1/orgs/{org}/webhooks/{id}")
@Secured(SecurityRule.IS_AUTHENTICATED)
@ExecuteOn(TaskExecutors.BLOCKING)
@Requires(beans = {Deliveries.class, ReplayingDeliveries.class, RequestAccess.class, WebhookEndpoints.class})
class DeliveryController {

    @Serdeable
    @Schema(name = "RecoverDeliveries")
    record Recover(@Schema(description = "Every failed delivery made at or after this time (RFC 3339) is sent again")
                   @NotNull String since,
                   @Schema(description = "The last answer's next: go on after it (one answer reads at most 200 "
                           + "deliveries)") @Nullable String after) {
    }

    private final RequestAccess access;
    private final Deliveries deliveries;
    private final ReplayingDeliveries replaying;
    private final WebhookEndpoints endpoints;

    DeliveryController(RequestAccess access, Deliveries deliveries, ReplayingDeliveries replaying,
                       WebhookEndpoints endpoints) {
        this.access = access;
        this.deliveries = deliveries;
        this.replaying = replaying;
        this.endpoints = endpoints;
    }

    @Operation(operationId = "listWebhookDeliveries",
            summary = "The endpoint's deliveries and their attempts, newest first")
    @JsonAnswer(description = "A page of deliveries", body = DeliveryPage.class)
    @Get("/deliveries")
    HttpResponse<?> list(HttpRequest<?> request, Caller caller, @PathVariable String org, @PathVariable String id,
                         @Parameter(description = "The nextCursor of the previous page")
                         @Nullable @QueryValue String cursor,
                         @Parameter(description = "1 to 100 (default 50)") @Nullable @QueryValue Integer limit) {
        Optional<DeliveryId> before = Optional.ofNullable(cursor).flatMap(DeliveryId::parse);
        if (cursor != null && before.isEmpty()) {
            return Rejections.toResponse(request, Reason.INVALID_CURSOR, "The cursor is not one a page gave.");
        }
        if (limit != null && (limit < 1 || limit > Deliveries.MAX_PAGE)) {
            return Rejections.invalid(request, "limit", "must be 1 to 100");
        }
        return WebhookController.onEndpoint(access, request, caller, org, id, (granted, endpoint) -> {
            Deliveries.DeliveryPage page = deliveries.list(granted.tenant(), endpoint, before,
                    limit == null ? 50 : limit);
            if (page.deliveries().isEmpty() && before.isEmpty()
                    && endpoints.find(granted.tenant(), endpoint).isEmpty()) {
                return Rejections.toResponse(request, Reason.WEBHOOK_ENDPOINT_NOT_FOUND,
                        "No such webhook endpoint, nor deliveries of one deleted.");
            }
            return HttpResponse.ok(new DeliveryPage(page.deliveries().stream().map(DeliveryView::of).toList(),
                    page.before().map(DeliveryId::value).orElse(null)));
        });
    }

    @Operation(operationId = "retryWebhookDelivery", summary = "Send a delivery again (one more attempt, now)")
    @ApiResponse(responseCode = "202", description = "Due now",
            headers = @io.swagger.v3.oas.annotations.headers.Header(name = "Idempotent-Replayed",
                description = ResponseHeaders.IDEMPOTENT_REPLAYED, schema = @Schema(type = "string")))
    @Problems.Conflict
    @Idempotent
    @Consumes(MediaType.ALL)
    @Post("/deliveries/{deliveryId}/retry")
    HttpResponse<?> retry(HttpRequest<?> request, Caller caller, @PathVariable String org, @PathVariable String id,
                          @PathVariable String deliveryId) {
        return WebhookController.onEndpoint(access, request, caller, org, id, (granted, endpoint) -> DeliveryId
                .parse(deliveryId).<HttpResponse<?>>map(delivery -> Rejections.answer(request, replaying.retry(
                        granted.tenant(), endpoint, delivery), done -> HttpResponse.status(HttpStatus.ACCEPTED)))
                .orElseGet(() -> Rejections.toResponse(request, Reason.DELIVERY_NOT_RETRYABLE, "No such delivery.")));
    }

    @Operation(operationId = "recoverWebhookDeliveries", summary = "Send every failed delivery since a time again")
    @JsonAnswer(status = "202", description = "How many are due again", body = RecoveredView.class,
            replayable = true)
    @JsonBody
    @Idempotent
    @Post("/recover")
    HttpResponse<?> recover(HttpRequest<?> request, Caller caller, @PathVariable String org, @PathVariable String id,
                            @Valid @Body Recover body) {
        Optional<Instant> since = WireTime.parse(body.since());
        if (since.isEmpty()) {
            return Rejections.invalid(request, "since", "must be an RFC 3339 time");
        }
        Optional<DeliveryId> after = Optional.ofNullable(body.after()).flatMap(DeliveryId::parse);
        if (body.after() != null && after.isEmpty()) {
            return Rejections.invalid(request, "after", "must be the next of an answer");
        }
        return WebhookController.onEndpoint(access, request, caller, org, id, (granted, endpoint) ->
                Rejections.answer(request, replaying.recover(granted.tenant(), endpoint, since.get(), after),
                        recovery -> HttpResponse.accepted().body(new RecoveredView(recovery.recovered(),
                                recovery.next().map(DeliveryId::value).orElse(null)))));
    }

    @Operation(operationId = "testWebhookEndpoint", summary = "Send the endpoint a webhook.test event")
    @JsonAnswer(status = "202", description = "The test delivery, due now", body = DeliveryView.class,
            replayable = true)
    @Idempotent
    @Consumes(MediaType.ALL)
    @Post("/test")
    HttpResponse<?> test(HttpRequest<?> request, Caller caller, @PathVariable String org, @PathVariable String id) {
        return WebhookController.onEndpoint(access, request, caller, org, id, (granted, endpoint) ->
                Rejections.answer(request, replaying.test(granted.organisation(), endpoint),
                        delivery -> HttpResponse.accepted().body(DeliveryView.of(delivery))));
    }


}
