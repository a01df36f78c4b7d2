package dev.enclave.app.domain.webhook;

import dev.enclave.app.domain.event.Actor;
import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.app.domain.event.Target;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The events of webhook endpoints. Never a secret, nor what a delivery carried. */
public final class WebhookEvents {

    private WebhookEvents() {
    }

    public static NewEvent created(WebhookEndpoint endpoint) {
        return NewEvent.of(EventType.WEBHOOK_ENDPOINT_CREATED, target(endpoint), settings(endpoint));
    }

    public static NewEvent updated(WebhookEndpoint before, WebhookEndpoint after) {
        return NewEvent.of(EventType.WEBHOOK_ENDPOINT_UPDATED, target(after),
                Map.of("before", settings(before), "after", settings(after)));
    }

    public static NewEvent deleted(WebhookEndpointId id) {
        return NewEvent.of(EventType.WEBHOOK_ENDPOINT_DELETED, Target.webhookEndpoint(id.value()));
    }

    public static NewEvent secretRotated(WebhookEndpoint endpoint, Instant previousUntil) {
        return NewEvent.of(EventType.WEBHOOK_ENDPOINT_SECRET_ROTATED, target(endpoint),
                Map.of("previousSecretSignsUntil", previousUntil.toString()));
    }

    /** Enclave disabled the endpoint, for {@code reason}: by the system, whoever's request was being delivered. */
    public static NewEvent disabled(WebhookEndpoint endpoint, String reason) {
        Map<String, Object> changes = new HashMap<>(Map.of("reason", reason));
        endpoint.failingSince().ifPresent(since -> changes.put("failingSince", since.toString()));
        return new NewEvent(EventType.WEBHOOK_ENDPOINT_DISABLED, List.of(target(endpoint)), changes,
                Optional.of(Actor.SYSTEM), Optional.empty());
    }

    /** A URL's query may carry a receiver's token: the log keeps what is before it. */
    private static String withoutQuery(String url) {
        int query = url.indexOf('?');
        return query < 0 ? url : url.substring(0, query);
    }

    private static Target target(WebhookEndpoint endpoint) {
        return Target.webhookEndpoint(endpoint.id().value());
    }

    private static Map<String, Object> settings(WebhookEndpoint endpoint) {
        return Map.of("url", withoutQuery(endpoint.url()), "description", endpoint.description(), "types",
                endpoint.types().stream().sorted().toList(), "enabled", endpoint.enabled());
    }
}
