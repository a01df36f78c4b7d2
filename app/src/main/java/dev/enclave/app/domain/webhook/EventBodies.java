package dev.enclave.app.domain.webhook;

import dev.enclave.app.domain.event.RecordedEvent;
import dev.enclave.app.domain.organisation.Organisation;
import java.time.Instant;

/** The bodies deliveries send: an event's envelope, exactly as the feed answers it. */
public interface EventBodies {

    /** {@code event}'s envelope. */
    String of(RecordedEvent event);

    /**
     * The envelope of an invitation's {@code event} delivered by webhook: its {@code changes} carry the invitation's
     * {@code acceptLink}, built with {@code token}. A secret: for the organisation's endpoints only, never the feed.
     */
    String withAcceptLink(RecordedEvent event, String token);

    /** The envelope of a {@code webhook.test} event with id {@code eventId} for {@code endpoint}, made at {@code now}. */
    String test(Organisation organisation, WebhookEndpointId endpoint, String eventId, Instant now);
}
