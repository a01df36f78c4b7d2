package dev.enclave.app.domain.webhook;

import dev.enclave.app.domain.event.RecordedEvent;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Where an organisation's events are delivered: a URL, the event types it wants (all when empty), whether it is
 * enabled. It receives the events from {@code fromPlace} in the organisation's log on, so a new endpoint is not sent
 * the organisation's past.
 *
 * @param disabledBy      why Enclave disabled it ({@code gone}: it answered 410; {@code failing}: five days of
 *                        failures), empty when enabled or disabled by an admin
 * @param failingSince    when its current run of failed attempts began, if one is running
 * @param rotatedUntil    until when the secret it had before the last rotation still signs too
 * @param version         the optimistic version every change checks
 */
public record WebhookEndpoint(TenantId tenant, WebhookEndpointId id, String url, String description,
                              Set<String> types, boolean enabled, Optional<String> disabledBy, Instant createdAt,
                              long fromPlace, Optional<Instant> failingSince, Optional<Instant> rotatedUntil,
                              long version) {

    /** Enclave disabled it: it answered 410 Gone. */
    public static final String GONE = "gone";
    /** Enclave disabled it: its attempts failed for the whole failure window. */
    public static final String FAILING = "failing";

    public WebhookEndpoint {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(description, "description");
        types = Set.copyOf(types);
        Objects.requireNonNull(disabledBy, "disabledBy");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(failingSince, "failingSince");
        Objects.requireNonNull(rotatedUntil, "rotatedUntil");
    }

    /** Whether {@code event} is one this endpoint is sent. */
    public boolean wants(RecordedEvent event) {
        return enabled && event.sequence() >= fromPlace && (types.isEmpty() || types.contains(event.type().value()));
    }

    /** The endpoint with what an admin changed: URL, description, types, enabled (re-enabling forgets failures). */
    public WebhookEndpoint changed(String newUrl, String newDescription, Set<String> newTypes, boolean nowEnabled) {
        boolean reEnabled = nowEnabled && !enabled;
        return new WebhookEndpoint(tenant, id, newUrl, newDescription, newTypes, nowEnabled,
                nowEnabled ? Optional.empty() : disabledBy, createdAt, fromPlace,
                reEnabled ? Optional.empty() : failingSince, rotatedUntil, version);
    }

    /** The endpoint as Enclave disabled it, for {@code reason}. */
    public WebhookEndpoint disabledFor(String reason) {
        return new WebhookEndpoint(tenant, id, url, description, types, false, Optional.of(reason), createdAt,
                fromPlace, failingSince, rotatedUntil, version);
    }
}
