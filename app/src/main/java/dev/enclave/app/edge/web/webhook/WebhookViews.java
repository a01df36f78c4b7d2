package dev.enclave.app.edge.web.webhook;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.enclave.app.domain.webhook.Delivery;
import dev.enclave.app.domain.webhook.WebhookEndpoint;
import dev.enclave.app.edge.contract.WireTime;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** The wire records of webhook endpoints and their deliveries. Never a secret but in the answer that makes one. */
final class WebhookViews {

    private WebhookViews() {
    }

    @Serdeable
    @Schema(name = "WebhookEndpoint")
    record EndpointView(String id, String url, String description,
                        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "The event types sent; empty: every type") List<String> types,
                        boolean enabled,
                        @Schema(description = "Why Enclave disabled it: gone (it answered 410), failing (five "
                                + "days of failures) or keeper_left (the member who holds its secret, or who "
                                + "chose its URL, no longer manages the organisation's webhooks; rotate the secret "
                                + "and state the URL to take it on)") @Nullable String disabledBy,
                        @Schema(description = "When its current run of failed attempts began") @Nullable
                        String failingSince, String createdAt,
                        @Schema(description = "The user id of the member who keeps it (who created it or last "
                                + "rotated its secret): it is sent events only while they manage the organisation's "
                                + "webhooks; absent for an endpoint created before keepers were recorded")
                        @Nullable String keptBy,
                        @Schema(description = "The user id of the member who chose its URL (its keeper, unless "
                                + "another member rotated its secret since): it is sent events only while they "
                                + "manage the organisation's webhooks too; the keeper takes it on by stating the URL "
                                + "again (PATCH with `url`); absent for an endpoint created before keepers were "
                                + "recorded")
                        @Nullable String urlChosenBy) {

        static EndpointView of(WebhookEndpoint endpoint) {
            return new EndpointView(endpoint.id().value(), endpoint.url(), endpoint.description(),
                    endpoint.types().stream().sorted().toList(), endpoint.enabled(),
                    endpoint.disabledBy().orElse(null), WireTime.ofNullable(endpoint.failingSince()),
                    WireTime.of(endpoint.createdAt()),
                    endpoint.keeper().map(WebhookEndpoint.Keeper::userId).orElse(null),
                    endpoint.urlChooser().map(WebhookEndpoint.Keeper::userId).orElse(null));
        }
    }

    @Serdeable
    @Schema(name = "CreatedWebhookEndpoint")
    record CreatedView(EndpointView endpoint,
                       @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "The signing secret (whsec_...): shown once, never again") String secret) {
    }

    @Serdeable
    @Schema(name = "RotatedWebhookSecret")
    record RotatedView(@Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "The new signing secret: shown once") String secret,
                       @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "Until when the previous secret signs too") String previousSecretSignsUntil) {
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "WebhookEndpointPage")
    record EndpointPage(List<EndpointView> items, @Nullable String nextCursor) {
    }

    @Serdeable
    @Schema(name = "WebhookAttempt")
    record AttemptView(String at, @Nullable Integer status, long latencyMillis,
                       @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "The start of the answer's body (at most 1 KiB)") String excerpt,
                       @Schema(description = "Why there was no answer: a timeout, a refused connection, a refused "
                               + "address") @Nullable String fault) {

        static AttemptView of(Delivery.Attempt attempt) {
            return new AttemptView(WireTime.of(attempt.at()), attempt.status().orElse(null),
                    attempt.latencyMillis(), attempt.excerpt(), attempt.fault().orElse(null));
        }
    }

    @Serdeable
    @Schema(name = "WebhookDelivery")
    record DeliveryView(String id, String eventId, String eventType,
                        @Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "pending, succeeded or failed") String status,
                        List<AttemptView> attempts, @Nullable String nextAttemptAt, String createdAt) {

        static DeliveryView of(Delivery delivery) {
            return new DeliveryView(delivery.id().value(), delivery.eventId(), delivery.eventType(),
                    delivery.status().name().toLowerCase(java.util.Locale.ROOT),
                    delivery.attempts().stream().map(AttemptView::of).toList(),
                    WireTime.ofNullable(delivery.nextAttemptAt()), WireTime.of(delivery.createdAt()));
        }
    }

    @Serdeable
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "WebhookDeliveryPage")
    record DeliveryPage(List<DeliveryView> items, @Nullable String nextCursor) {
    }

    @Serdeable
    @Schema(name = "RecoveredDeliveries")
    record RecoveredView(@Schema(requiredMode = Schema.RequiredMode.REQUIRED, description = "How many failed deliveries are due again") int recovered,
                         @Schema(description = "Present when there may be more: send the same since with this as "
                                 + "after") @Nullable String next) {
    }
}
