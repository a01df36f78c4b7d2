package dev.enclave.app.domain.service;

import dev.enclave.app.domain.organisation.Job;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OwedWork;
import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Rereads;
import dev.enclave.app.domain.permission.Permission;
import jakarta.inject.Singleton;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * An admin creates, renames and deletes an organisation's services (the edge has checked the role). A service is
 * created and renamed only in the organisation's incarnation as read, and deleted with all its assignments.
 */
@Singleton
public record ChangingServices(Services services, OwedWork owed) {

    /** How often a deletion reads the service again when it changed between its read and its write. */
    private static final int ATTEMPTS = 5;

    public record Create(Organisation organisation, ServiceId service, String name) {
    }

    public record Rename(Organisation organisation, ServiceId service, String name, ExpectedVersion expected) {
    }

    /** {@code actor} deletes {@code service}: taking its members out of groups that carry what they must hold. */
    public record Delete(Organisation organisation, HoldingInServices actor, ServiceId service) {
    }

    /** The new service, at version 1. */
    public Outcome<Service> create(Create command) {
        Service created = Service.created(command.service(), command.name());
        return switch (services.create(command.organisation(), created)) {
            case CREATED -> Outcome.done(created);
            case TAKEN -> Outcome.refused(Reason.CONFLICT, "A service " + command.service().value() + " exists.");
            case STILL_SWEPT -> Outcome.refused(Reason.CONFLICT, "A service " + command.service().value()
                    + " was deleted and its group assignments are still being removed; try again shortly.");
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
        return Rereads.decide(ATTEMPTS, command, this::deleteOnce,
                () -> Outcome.refused(Reason.CONFLICT, "The service kept changing; try again."));
    }

    /**
     * Deleting a service takes its members out of its groups and drops what they carry: like taking permissions
     * away, it needs every permission its groups carry.
     */
    private Rereads.Step<Delete, Outcome<Void>> deleteOnce(Delete command) {
        Optional<Service> read = services.find(command.organisation(), command.service());
        if (read.isEmpty()) {
            return decided(notFound(command));
        }
        Set<Permission> carried = read.get().groups().carried().values().stream().flatMap(Set::stream)
                .collect(Collectors.toSet());
        Optional<Permission> lacked = command.actor().lackedIn(read.get(), carried);
        if (lacked.isPresent()) {
            return decided(Outcome.refused(Reason.MISSING_ROLE, "The service's groups carry " + lacked.get().value()
                    + ", which you do not hold."));
        }
        return switch (services.delete(command.organisation(), read.get(),
                carried.isEmpty() ? Optional.empty() : Optional.of(command.actor()))) {
            case DELETED -> decided(Outcome.done());
            case NOT_FOUND -> decided(notFound(command));
            case LEFT_TO_THE_SWEEP -> {
                owed.recorded(command.organisation().id(), Job.Kind.SERVICE_SWEEP);
                yield decided(Outcome.done());
            }
            case ACTOR_CHANGED -> decided(AssigningServiceGroups.actorChanged());
            case CHANGED -> new Rereads.Again<>(command);
            case BUSY -> decided(Outcome.refused(Reason.CONFLICT, "The service's groups kept gaining and losing "
                    + "members while it was being deleted; try again."));
        };
    }

    private static Outcome<Void> notFound(Delete command) {
        return Outcome.refused(Reason.SERVICE_NOT_FOUND, "No service " + command.service().value() + ".");
    }

    private static Rereads.Step<Delete, Outcome<Void>> decided(Outcome<Void> outcome) {
        return new Rereads.Decided<>(outcome);
    }
}
