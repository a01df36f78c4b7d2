package dev.enclave.app.domain.webhook;

import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.permission.Holding;
import dev.enclave.identity.TenantId;
import jakarta.inject.Singleton;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * An owner or admin changes an endpoint (URL, description, types, enabled), rotates its secret, or deletes it. A
 * change is written at the version read, so two admins' changes never undo each other silently; a change to what the
 * endpoint already is writes nothing (no version, no event). Only its keeper (who holds its secret) points it at
 * another URL, so whoever chose where its events go is the member whose leaving disables it.
 */
@Singleton
public record ChangingWebhookEndpoint(WebhookEndpoints endpoints, WebhookLimits limits, DeliveryClock clock) {

    private static final SecureRandom RANDOM = new SecureRandom();

    /** What a change asks for, by whom: each field given replaces the endpoint's. */
    public record Change(TenantId tenant, WebhookEndpointId id, Optional<String> url, Optional<String> description,
                         Optional<Set<String>> types, Optional<Boolean> enabled, WebhookEndpoint.Keeper by,
                         Holding byHolds) {
    }

    /** A rotation's new secret, and until when the one it replaced still signs. */
    public record Rotated(WebhookEndpoint endpoint, WebhookSecret secret, Instant previousUntil) {
    }

    public Outcome<WebhookEndpoint> change(Change change) {
        Optional<String> unknown = change.types().flatMap(WebhookEndpoint::unknownType);
        if (unknown.isPresent()) {
            return CreatingWebhookEndpoint.unknownType(unknown.get());
        }
        Optional<WebhookEndpoint> found = endpoints.find(change.tenant(), change.id());
        if (found.isEmpty()) {
            return notFound();
        }
        WebhookEndpoint before = found.get();
        WebhookEndpoint after = before.changed(change.url().orElse(before.url()),
                change.description().orElse(before.description()), change.types().orElse(before.types()),
                change.enabled().orElse(before.enabled()));
        if (pointsIt(change, before)) {
            if (before.keeper().filter(keeper -> !keeper.equals(change.by())).isPresent()) {
                return Outcome.refused(Reason.MISSING_ROLE, "Only the member who keeps this endpoint (who holds its "
                        + "secret) points it elsewhere; rotate its secret first to take it on.");
            }
            if (!WebhookEndpoint.Keeper.may(change.byHolds())) {
                return Outcome.refused(Reason.MISSING_ROLE, CreatingWebhookEndpoint.KEEPING_NEEDS);
            }
            after = after.pointedAtBy(change.by());
        }
        if (after.equals(before)) {
            return Outcome.done(before);
        }
        if (!endpoints.change(before, after)) {
            return Outcome.refused(Reason.CONFLICT, "The endpoint changed meanwhile; read it again and retry.");
        }
        return Outcome.done(endpoints.find(change.tenant(), change.id()).orElse(after));
    }

    /**
     * Whether {@code change} chooses the endpoint's URL: a new one, or its own URL stated again by its keeper when
     * another member chose it (the keeper answers for it from now on: taking on an endpoint whose URL a member who
     * left chose). Anyone else stating the URL it has changes nothing of it.
     */
    private static boolean pointsIt(Change change, WebhookEndpoint before) {
        return change.url().filter(url -> !url.equals(before.url())
                || before.keeper().equals(Optional.of(change.by())) && before.pointedBy().isPresent()).isPresent();
    }

    /**
     * A new secret for the endpoint, shown to {@code by}, who keeps the endpoint from now on (the one who left knew
     * the old one); whoever chose its URL still answers for it until its keeper states the URL again.
     */
    public Outcome<Rotated> rotate(TenantId tenant, WebhookEndpointId id, WebhookEndpoint.Keeper by, Holding holds) {
        if (!WebhookEndpoint.Keeper.may(holds)) {
            return Outcome.refused(Reason.MISSING_ROLE, CreatingWebhookEndpoint.KEEPING_NEEDS);
        }
        Optional<WebhookEndpoint> found = endpoints.find(tenant, id);
        if (found.isEmpty()) {
            return notFound();
        }
        WebhookSecret next = WebhookSecret.random(RANDOM);
        Instant previousUntil = clock.now().plus(limits.getRotationOverlap());
        if (!endpoints.rotate(found.get(), next, previousUntil, by)) {
            return Outcome.refused(Reason.CONFLICT, "The endpoint changed meanwhile; try again.");
        }
        return Outcome.done(new Rotated(found.get(), next, previousUntil));
    }

    /** Deletes the endpoint, one of the organisation's life as {@link WebhookEndpoints#find} reads it. */
    public Outcome<Boolean> delete(TenantId tenant, WebhookEndpointId id) {
        return endpoints.find(tenant, id).isPresent() && endpoints.delete(tenant, id) ? Outcome.done(true)
                : notFound();
    }

    private static <T> Outcome<T> notFound() {
        return Outcome.refused(Reason.WEBHOOK_ENDPOINT_NOT_FOUND, "No such webhook endpoint.");
    }
}
