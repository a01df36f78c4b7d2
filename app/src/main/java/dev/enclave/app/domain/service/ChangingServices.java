package dev.enclave.app.domain.service;

import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import jakarta.inject.Singleton;

/**
 * An admin creates, renames and deletes an organisation's services (the edge has checked the role). A service is
 * created and renamed only in the organisation's incarnation as read, and deleted with all its assignments.
 */
@Singleton
public record ChangingServices(Services services) {

    public record Create(Organisation organisation, ServiceId service, String name) {
    }

    public record Rename(Organisation organisation, ServiceId service, String name, ExpectedVersion expected) {
    }

    public record Delete(Organisation organisation, ServiceId service) {
    }

    /** The new service, at version 1. */
    public Outcome<Service> create(Create command) {
        return switch (services.create(command.organisation(), command.service(), command.name())) {
            case CREATED -> Outcome.done(new Service(command.service(), command.name(), 1));
            case TAKEN -> Outcome.refused(Reason.CONFLICT, "A service " + command.service().value() + " exists.");
            case ORGANISATION_GONE -> Outcome.refused(Reason.ORGANISATION_NOT_FOUND,
                    "The organisation no longer exists.");
        };
    }

    public Outcome<Service> rename(Rename command) {
        return services.rename(command.organisation(), command.service(), command.name(), command.expected())
                .map(Outcome::done).orElseGet(() -> Outcome.refused(Reason.VERSION_MISMATCH,
                        "The service changed or is gone; read it again."));
    }

    public Outcome<Void> delete(Delete command) {
        return switch (services.delete(command.organisation(), command.service())) {
            case DELETED -> Outcome.done();
            case NOT_FOUND -> Outcome.refused(Reason.NOT_FOUND, "No service " + command.service().value() + ".");
            case TOO_MANY_ASSIGNMENTS -> Outcome.refused(Reason.CONFLICT,
                    "Too many group assignments to delete in one transaction; unassign some first.");
        };
    }
}
