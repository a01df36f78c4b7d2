package dev.enclave.app.domain.webhook;

import dev.enclave.app.domain.event.Actor;
import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.app.domain.event.Target;
import java.net.URI;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/** The events of webhook endpoints. Never a secret, nor what a delivery carried. */
public final class WebhookEvents {

    private static final int DIGEST_LENGTH = 16;

    private WebhookEvents() {
    }

    /** {@code endpoint} created; {@code digest} keys its URL's digest (a plain hash would let guesses be checked). */
    public static NewEvent created(WebhookEndpoint endpoint, UnaryOperator<String> digest) {
        return NewEvent.of(EventType.WEBHOOK_ENDPOINT_CREATED, target(endpoint), settings(endpoint, digest));
    }

    public static NewEvent updated(WebhookEndpoint before, WebhookEndpoint after, UnaryOperator<String> digest) {
        return NewEvent.of(EventType.WEBHOOK_ENDPOINT_UPDATED, target(after),
                Map.of("before", settings(before, digest), "after", settings(after, digest)));
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

    /**
     * A receiver's URL may carry its token in the query or in the path (Slack's and Discord's incoming webhooks do):
     * the log keeps the origin, and a keyed digest of the whole URL that shows when it changed.
     */
    private static Map<String, Object> url(String url, UnaryOperator<String> digest) {
        URI uri = URI.create(url);
        String origin = uri.getScheme() + "://" + uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort());
        boolean more = uri.getRawPath() != null && !uri.getRawPath().isEmpty() && !"/".equals(uri.getRawPath())
                || uri.getRawQuery() != null;
        return Map.of("url", more ? origin + "/…" : origin, "urlDigest",
                digest.apply(url).substring(0, DIGEST_LENGTH));
    }

    private static Target target(WebhookEndpoint endpoint) {
        return Target.webhookEndpoint(endpoint.id().value());
    }

    private static Map<String, Object> settings(WebhookEndpoint endpoint, UnaryOperator<String> digest) {
        Map<String, Object> settings = new HashMap<>(url(endpoint.url(), digest));
        settings.putAll(Map.of("description", endpoint.description(), "types",
                endpoint.types().stream().sorted().toList(), "enabled", endpoint.enabled()));
        endpoint.keeper().ifPresent(keeper -> settings.put("keptBy", keeper.userId()));
        endpoint.urlChooser().ifPresent(chooser -> settings.put("urlChosenBy", chooser.userId()));
        return settings;
    }
}
