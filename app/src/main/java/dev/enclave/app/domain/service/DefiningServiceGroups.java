package dev.enclave.app.domain.service;

import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.permission.Permission;
import dev.enclave.app.domain.permission.ServiceGroupPermissions;
import jakarta.inject.Singleton;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * What a service's groups carry, set by holders of {@code services:manage}: the organisation's own permissions,
 * scoped to the service. Nobody gives or takes away a permission they do not hold (in the organisation, or in that
 * service). Written whole on the service's version, so a change made meanwhile reads again.
 */
@Singleton
public record DefiningServiceGroups(Services services) {

    /** How often a change reads again when the service changed between its read and its write. */
    private static final int ATTEMPTS = 5;

    /** {@code group} to carry exactly {@code permissions} (none: a plain label). */
    public record Define(Organisation organisation, HoldingInServices actor, ServiceGroup group,
                         Set<Permission> permissions) {

        public Define {
            permissions = Set.copyOf(permissions);
        }
    }

    /** The service as it is after the change. */
    public Outcome<Service> define(Define command) {
        Optional<String> invalid = ServiceGroupPermissions.whyNotCarried(command.permissions());
        if (invalid.isPresent()) {
            return Outcome.refused(Reason.VALIDATION_FAILED, invalid.get());
        }
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            Optional<Service> read = services.find(command.organisation(), command.group().service());
            if (read.isEmpty()) {
                return Outcome.refused(Reason.NOT_FOUND, "No service " + command.group().service().value() + ".");
            }
            Optional<Outcome<Service>> decided = decide(command, read.get());
            if (decided.isPresent()) {
                return decided.get();
            }
        }
        return Outcome.refused(Reason.CONFLICT, "The service kept changing; try again.");
    }

    /** The outcome of changing {@code read}; empty when it changed meanwhile and must be read again. */
    private Optional<Outcome<Service>> decide(Define command, Service read) {
        Set<Permission> before = read.groups().of(command.group().group());
        Set<Permission> changed = new HashSet<>(before);
        changed.addAll(command.permissions());
        changed.removeAll(intersection(before, command.permissions()));
        Optional<Permission> lacked = command.actor().lackedIn(read, changed);
        if (lacked.isPresent()) {
            return Optional.of(Outcome.refused(Reason.MISSING_ROLE, "You cannot give or take away "
                    + lacked.get().value() + ": you do not hold it."));
        }
        if (changed.isEmpty()) {
            return Optional.of(Outcome.done(read));
        }
        ServiceGroupPermissions after = read.groups().with(command.group().group(), command.permissions());
        if (after.carried().size() > ServiceGroupPermissions.MAX_GROUPS) {
            return Optional.of(Outcome.refused(Reason.GROUP_LIMIT_REACHED, "At most "
                    + ServiceGroupPermissions.MAX_GROUPS + " groups of a service carry permissions."));
        }
        return switch (services.changeGroups(command.organisation(), read, after,
                ServiceEvents.groupPermissions(command.group(), before, command.permissions()))) {
            case CHANGED -> Optional.of(Outcome.done(new Service(read.id(), read.name(), read.version() + 1,
                    after)));
            case CHANGED_MEANWHILE -> Optional.empty();
        };
    }

    private static Set<Permission> intersection(Set<Permission> one, Set<Permission> other) {
        Set<Permission> both = new HashSet<>(one);
        both.retainAll(other);
        return both;
    }
}
