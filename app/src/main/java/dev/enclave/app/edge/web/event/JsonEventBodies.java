package dev.enclave.app.edge.web.event;

import dev.enclave.app.domain.event.Actor;
import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.event.RecordedEvent;
import dev.enclave.app.domain.event.Target;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.webhook.EventBodies;
import dev.enclave.app.domain.webhook.WebhookEndpoint;
import dev.enclave.app.domain.webhook.WebhookEndpointId;
import dev.enclave.app.infra.mail.InvitationMail;
import io.micronaut.serde.ObjectMapper;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Deliveries' bodies: the event's CloudEvents envelope, as the feed answers it; for an invitation delivered by
 * webhook, with its accept token and link (built from {@code enclave.invitations.accept-link-template}) added to
 * its changes.
 */
@Singleton
record JsonEventBodies(ObjectMapper json, Optional<InvitationMail> links) implements EventBodies {

    /** The type of a test delivery's event, which is in no organisation's log (its sequence is 0). */
    static final EventType TEST = new EventType(WebhookEndpoint.TEST_EVENT);

    @Override
    public String of(RecordedEvent event) {
        return write(EventEnvelope.of(event));
    }

    private String write(EventEnvelope envelope) {
        try {
            return json.writeValueAsString(envelope);
        } catch (IOException unwritable) {
            throw new UncheckedIOException(unwritable);
        }
    }

    @Override
    public String withAcceptLink(RecordedEvent event, String token) {
        Map<String, Object> changes = new HashMap<>(event.changes());
        changes.put("acceptToken", token);
        links.ifPresent(mail -> changes.put("acceptLink", mail.acceptLink(token, event.organisation().value())));
        return of(new RecordedEvent(event.organisation(), event.incarnation(), event.sequence(), event.id(),
                event.type(), event.actor(), event.targets(), changes, event.requestId(), event.time(),
                event.occurredAt()));
    }

    @Override
    public String test(Organisation organisation, WebhookEndpointId endpoint, String eventId, Instant now) {
        Target target = Target.webhookEndpoint(endpoint.value());
        return write(new EventEnvelope("1.0", eventId, "/v1/orgs/" + organisation.id().value(), TEST.value(),
                target.path(), now.toString(), "application/json", "0", new EventEnvelope.EventData(
                organisation.id().value(), organisation.incarnation().value(),
                EventEnvelope.EventActor.of(Actor.SYSTEM), List.of(EventEnvelope.EventTarget.of(target)),
                Map.of("test", true), null, now.toString())));
    }
}
