package dev.enclave.app.domain.organisation;

import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.app.domain.event.Target;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The events of an organisation's own changes. */
public final class OrganisationEvents {

    private OrganisationEvents() {
    }

    public static NewEvent created(Organisation organisation) {
        return NewEvent.of(EventType.ORGANISATION_CREATED, target(organisation),
                Map.of("name", organisation.name(), "seats", organisation.seats()));
    }

    public static NewEvent renamed(Organisation before, String name) {
        return NewEvent.of(EventType.ORGANISATION_RENAMED, target(before),
                NewEvent.change("name", before.name(), name));
    }

    public static NewEvent statusChanged(Organisation organisation, OrganisationStatus status) {
        return NewEvent.of(status == OrganisationStatus.SUSPENDED ? EventType.ORGANISATION_SUSPENDED
                : EventType.ORGANISATION_RESUMED, target(organisation),
                NewEvent.change("status", organisation.status().name().toLowerCase(Locale.ROOT),
                        status.name().toLowerCase(Locale.ROOT)));
    }

    public static NewEvent seatsChanged(Organisation before, int seats) {
        return NewEvent.of(EventType.ORGANISATION_SEATS_CHANGED, target(before),
                NewEvent.change("seats", before.seats(), seats));
    }

    public static NewEvent limitsChanged(Organisation before, Optional<Limit> limits) {
        return NewEvent.of(EventType.ORGANISATION_LIMITS_CHANGED, target(before),
                NewEvent.change("limits", written(before.limits()), written(limits)));
    }

    /** The days its events are kept, {@code before} (its own, or the platform's default) and from now on. */
    public static NewEvent retentionChanged(Organisation organisation, int before, int days) {
        return NewEvent.of(EventType.EVENT_RETENTION_CHANGED, target(organisation),
                NewEvent.change("retentionDays", before, days));
    }

    /** How invitations reach invitees from now on ({@code token}, {@code email} or {@code webhook}). */
    public static NewEvent invitationDeliveryChanged(Organisation organisation, String before, String after) {
        return NewEvent.of(EventType.INVITATION_DELIVERY_CHANGED, target(organisation),
                Map.of("invitationDelivery", Map.of("before", before, "after", after)));
    }

    public static NewEvent deleted(Organisation organisation) {
        return NewEvent.of(EventType.ORGANISATION_DELETED, target(organisation), Map.of("name", organisation.name()));
    }

    private static Target target(Organisation organisation) {
        return Target.organisation(organisation.id().value());
    }

    private static Object written(Optional<Limit> limits) {
        return limits.<Object>map(limit -> Map.of("requestsPerSecond", limit.requestsPerSecond(), "burst",
                limit.burst(), "concurrent", limit.concurrent())).orElse("default");
    }
}
