package dev.enclave.app.domain.service;

import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.identity.UserKey;
import jakarta.inject.Singleton;

/**
 * An admin puts a member in a service group, or takes them out (the edge has checked the role). An assignment is
 * written only while the membership and the service are there, and goes with either.
 */
@Singleton
public record AssigningServiceGroups(Services services) {

    /** {@code user} (whose id in the organisation is {@code userId}) in or out of {@code group}. */
    public record Assignment(Organisation organisation, ServiceGroup group, UserKey user, String userId) {
    }

    public Outcome<Void> assign(Assignment command) {
        return switch (services.assign(command.organisation(), command.group(), command.user(), command.userId())) {
            case ASSIGNED -> Outcome.done();
            case NOT_A_MEMBER, NO_SUCH_SERVICE -> Outcome.refused(Reason.NOT_FOUND,
                    "Only members can be assigned, to existing services.");
            case ORGANISATION_GONE -> Outcome.refused(Reason.ORGANISATION_NOT_FOUND,
                    "The organisation no longer exists.");
        };
    }

    /** Done whether or not they were in it. */
    public Outcome<Void> unassign(Assignment command) {
        services.unassign(command.organisation(), command.group(), command.user(), command.userId());
        return Outcome.done();
    }
}
