package dev.enclave.app.domain.webhook;

import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.permission.Holding;
import jakarta.inject.Singleton;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.Set;

/** An owner or admin adds an endpoint; its signing secret exists only in the answer. */
@Singleton
public record CreatingWebhookEndpoint(WebhookEndpoints endpoints, WebhookLimits limits, Clock clock) {

    private static final SecureRandom RANDOM = new SecureRandom();

    /** What a create asks for; the URL has passed the URL rules. */
    public record Command(Organisation organisation, String url, String description, Set<String> types,
                          boolean enabled, WebhookEndpoint.Keeper keeper, Holding keeperHolds) {
    }

    /** Why a member may not keep an endpoint, for whoever would become its keeper. */
    static final String KEEPING_NEEDS = "An endpoint is sent the organisation's events: keeping one needs "
            + "webhooks:manage and events:read, and you do not hold events:read.";

    /** The stored endpoint and, once, its secret. */
    public record Created(WebhookEndpoint endpoint, WebhookSecret secret) {
    }

    public Outcome<Created> create(Command command) {
        if (!WebhookEndpoint.Keeper.may(command.keeperHolds())) {
            return Outcome.refused(Reason.MISSING_ROLE, KEEPING_NEEDS);
        }
        Optional<String> unknown = WebhookEndpoint.unknownType(command.types());
        if (unknown.isPresent()) {
            return unknownType(unknown.get());
        }
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        WebhookEndpoint endpoint = new WebhookEndpoint(command.organisation().id(),
                WebhookEndpointId.random(RANDOM), command.url(), command.description(), command.types(),
                command.enabled(), Optional.empty(), now, 1, Optional.empty(), Optional.empty(), 1,
                Optional.of(command.keeper()), Optional.empty());
        WebhookSecret secret = WebhookSecret.random(RANDOM);
        return switch (endpoints.create(endpoint, secret, command.organisation(), limits.getMaximumEndpoints())) {
            case CREATED -> Outcome.done(new Created(endpoint, secret));
            case LIMIT_REACHED -> Outcome.refused(Reason.WEBHOOK_ENDPOINT_LIMIT_REACHED,
                    "Delete an endpoint before adding another (at most " + limits.getMaximumEndpoints() + ").");
            case ORGANISATION_NOT_ACTIVE -> Outcome.refused(Reason.ORGANISATION_SUSPENDED,
                    "The organisation is not active.");
            case CURSOR_KEPT_MOVING -> Outcome.refused(Reason.CONFLICT, "The organisation's webhooks were handing out "
                    + "events at every attempt to add the endpoint; try again.");
        };
    }

    /** The refusal of a type no event has, for the creation and for a change. */
    static <T> Outcome<T> unknownType(String type) {
        return Outcome.invalid("types", type + " is no event type; Enclave's are listed in docs/events.md, an app's "
                + "own are two to four lowercase dot-separated words outside Enclave's resources");
    }
}
