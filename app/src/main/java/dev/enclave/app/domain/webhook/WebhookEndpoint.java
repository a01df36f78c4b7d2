package dev.enclave.app.domain.webhook;

import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.event.RecordedEvent;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.permission.Holding;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

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
 * @param keeper          the member who holds its signing secret, who created it or last rotated the secret: it is
 *                        sent events only while they still manage the organisation's webhooks (empty: an endpoint
 *                        stored before keepers were recorded)
 * @param pointedBy       the member who chose its URL, when that is not its keeper: a member who rotated the secret
 *                        of an endpoint someone else pointed answers for its secret, not for where its events go, so
 *                        it is sent events only while both still may keep it (empty: the keeper chose the URL)
 */
public record WebhookEndpoint(TenantId tenant, WebhookEndpointId id, String url, String description,
                              Set<String> types, boolean enabled, Optional<String> disabledBy, Instant createdAt,
                              long fromPlace, Optional<Instant> failingSince, Optional<Instant> rotatedUntil,
                              long version, Optional<Keeper> keeper, Optional<Keeper> pointedBy) {

    /** The type of a test delivery, which an endpoint takes whatever its types. */
    public static final String TEST_EVENT = "webhook.test";
    /** Enclave disabled it: it answered 410 Gone. */
    public static final String GONE = "gone";
    /** Enclave disabled it: its attempts failed for the whole failure window. */
    public static final String FAILING = "failing";
    /**
     * Enclave disabled it: the member who keeps it (who holds its secret) left the organisation or no longer manages
     * webhooks, so it is no longer sent the organisation's events, nor signed with a secret they know (a removed
     * admin's endpoint would otherwise go on receiving them, and their secret go on being trusted).
     */
    public static final String KEEPER_LEFT = "keeper_left";

    /**
     * The member an endpoint is kept by, in the membership that created it or last rotated its secret (the one who
     * was shown the secret).
     *
     * @param userId the member's user id, as the organisation's admins see it
     */
    public record Keeper(UserKey member, String userId, Instant joinedAt) {
        public Keeper {
            Objects.requireNonNull(member, "member");
            Objects.requireNonNull(userId, "userId");
            Objects.requireNonNull(joinedAt, "joinedAt");
        }

        /** {@code membership}, as the keeper of the endpoint it creates or whose secret it rotates. */
        public static Keeper of(Membership membership) {
            return new Keeper(membership.user(), membership.userId(), membership.joinedAt());
        }

        /**
         * Whether {@code membership} (the keeper's, as read now, if any) is still the one that keeps the endpoint
         * and still {@link #may} keep it, as the organisation defines its groups now.
         */
        public boolean stillKeeps(Optional<Membership> membership, GroupDefinitions definitions) {
            return membership.filter(found -> found.joinedAt().equals(joinedAt))
                    .filter(found -> may(new Holding(found.groups(), definitions))).isPresent();
        }

        /**
         * Whether {@code holding} may keep an endpoint: manage webhooks, and read the events it is sent (an endpoint
         * receives the organisation's whole log, which {@code events:read} guards on the feed).
         */
        public static boolean may(Holding holding) {
            return holding.holds(SystemPermissions.WEBHOOKS_MANAGE) && holding.holds(SystemPermissions.EVENTS_READ);
        }
    }

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
        Objects.requireNonNull(keeper, "keeper");
        Objects.requireNonNull(pointedBy, "pointedBy");
    }

    /** The members it is sent on the authority of: its keeper and, when another chose its URL, that member. */
    public List<Keeper> answerable() {
        return Stream.concat(keeper.stream(), pointedBy.stream()).toList();
    }

    /** Who answers for its URL: who chose it, or its keeper. */
    public Optional<Keeper> urlChooser() {
        return pointedBy.or(() -> keeper);
    }

    /**
     * The first of {@code types} no event has, if any (a misspelt {@code member.addd} would make an endpoint that is
     * never sent anything): Enclave's own types, the test delivery's, and an app's actions are types.
     */
    public static Optional<String> unknownType(Set<String> types) {
        return types.stream().sorted().filter(type -> !type.equals(TEST_EVENT) && !EventType.names(type)).findFirst();
    }

    /** Whether {@code event} is one this endpoint is sent. */
    public boolean wants(RecordedEvent event) {
        return enabled && event.sequence() >= fromPlace && takes(event.type().value());
    }

    /**
     * Whether the endpoint takes events of {@code eventType} now: a delivery made before its types changed is sent
     * only while they still name it; a test delivery always is.
     */
    public boolean takes(String eventType) {
        return types.isEmpty() || types.contains(eventType) || eventType.equals(TEST_EVENT);
    }

    /** The endpoint with what an admin changed: URL, description, types, enabled (re-enabling forgets failures). */
    public WebhookEndpoint changed(String newUrl, String newDescription, Set<String> newTypes, boolean nowEnabled) {
        boolean reEnabled = nowEnabled && !enabled;
        return new WebhookEndpoint(tenant, id, newUrl, newDescription, newTypes, nowEnabled,
                nowEnabled ? Optional.empty() : disabledBy, createdAt, fromPlace,
                reEnabled ? Optional.empty() : failingSince, rotatedUntil, version, keeper, pointedBy);
    }

    /**
     * The endpoint pointed at its URL by {@code by}, its keeper from now on: who chooses where its events go answers
     * for it.
     */
    public WebhookEndpoint pointedAtBy(Keeper by) {
        return new WebhookEndpoint(tenant, id, url, description, types, enabled, disabledBy, createdAt, fromPlace,
                failingSince, rotatedUntil, version, Optional.of(by), Optional.empty());
    }

    /**
     * The endpoint whose secret {@code by} rotated: they keep it from now on, and whoever chose its URL still answers
     * for where its events go.
     */
    public WebhookEndpoint rotatedBy(Keeper by) {
        return new WebhookEndpoint(tenant, id, url, description, types, enabled, disabledBy, createdAt, fromPlace,
                failingSince, rotatedUntil, version, Optional.of(by), urlChooser().filter(chooser ->
                        !chooser.equals(by)));
    }

    /** The endpoint sent the events from {@code place} in its organisation's log on. */
    public WebhookEndpoint from(long place) {
        return new WebhookEndpoint(tenant, id, url, description, types, enabled, disabledBy, createdAt, place,
                failingSince, rotatedUntil, version, keeper, pointedBy);
    }

    /** The endpoint as Enclave disabled it, for {@code reason}. */
    public WebhookEndpoint disabledFor(String reason) {
        return new WebhookEndpoint(tenant, id, url, description, types, false, Optional.of(reason), createdAt,
                fromPlace, failingSince, rotatedUntil, version, keeper, pointedBy);
    }
}
