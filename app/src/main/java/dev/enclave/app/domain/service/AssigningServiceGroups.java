package dev.enclave.app.domain.service;

import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.permission.Permission;
import dev.enclave.identity.UserKey;
import jakarta.inject.Singleton;
import java.util.Optional;

/**
 * An admin puts a member in a service group, or takes them out (the edge has checked {@code services:manage}). An
 * assignment is written only while the membership and the service are there, and goes with either. A group that
 * carries permissions is given or taken only by whoever holds them all within the service, as the service is when
 * the assignment is written.
 */
@Singleton
public record AssigningServiceGroups(Services services) {

    /** How often an assignment reads again when the service changed between its read and its write. */
    private static final int ATTEMPTS = 5;

    /**
     * {@code user} (whose id in the organisation is {@code userId}) in or out of {@code group}, by {@code actor}.
     */
    public record Assignment(Organisation organisation, HoldingInServices actor, ServiceGroup group, UserKey user,
                             String userId) {
    }

    public Outcome<Void> assign(Assignment command) {
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            Optional<Service> service = services.find(command.organisation(), command.group().service());
            if (service.isEmpty()) {
                return notFound();
            }
            Optional<Outcome<Void>> refused = lacking(command, service.get());
            if (refused.isPresent()) {
                return refused.get();
            }
            switch (services.assign(command.organisation(), command.group(), command.user(), command.userId(),
                    service.get().version())) {
                case ASSIGNED:
                    return Outcome.done();
                case NOT_A_MEMBER:
                    return notFound();
                case ORGANISATION_GONE:
                    return Outcome.refused(Reason.ORGANISATION_NOT_FOUND, "The organisation no longer exists.");
                case SERVICE_CHANGED:
                    break;
            }
        }
        return Outcome.refused(Reason.CONFLICT, "The service kept changing; try again.");
    }

    /** Done whether or not they were in it. */
    public Outcome<Void> unassign(Assignment command) {
        Optional<Outcome<Void>> refused = services.find(command.organisation(), command.group().service())
                .flatMap(service -> lacking(command, service));
        if (refused.isPresent()) {
            return refused.get();
        }
        services.unassign(command.organisation(), command.group(), command.user(), command.userId());
        return Outcome.done();
    }

    /** A refusal when the group carries a permission the actor lacks within the service. */
    private static Optional<Outcome<Void>> lacking(Assignment command, Service service) {
        Optional<Permission> lacked = command.actor().lackedIn(service,
                service.groups().of(command.group().group()));
        return lacked.map(permission -> Outcome.refused(Reason.MISSING_ROLE, "The " + command.group().written()
                + " group carries " + permission.value() + ", which you do not hold."));
    }

    private static Outcome<Void> notFound() {
        return Outcome.refused(Reason.NOT_FOUND, "Only members can be assigned, to existing services.");
    }
}
