package dev.enclave.app.domain.service;

import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.outcome.Rereads;
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

    /** How often a change reads the service again when it changed between its read and its write. */
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
            return Outcome.invalid("permissions", invalid.get());
        }
        return Rereads.decide(ATTEMPTS, command, this::defineOnce,
                () -> Outcome.refused(Reason.CONFLICT, "The service kept changing; try again."));
    }

    private Rereads.Step<Define, Outcome<Service>> defineOnce(Define command) {
        Optional<Service> read = services.find(command.organisation(), command.group().service());
        if (read.isEmpty()) {
            return decided(Outcome.refused(Reason.SERVICE_NOT_FOUND, "No service " + command.group().service().value()
                    + "."));
        }
        Set<Permission> before = read.get().groups().of(command.group().group());
        Optional<Permission> lacked = command.actor().lackedIn(read.get(), changed(before, command.permissions()));
        if (lacked.isPresent()) {
            return decided(Outcome.refused(Reason.MISSING_ROLE, "You cannot give or take away "
                    + lacked.get().value() + ": you do not hold it."));
        }
        if (before.equals(command.permissions())) {
            return decided(Outcome.done(read.get()));
        }
        ServiceGroupPermissions after = read.get().groups().with(command.group().group(), command.permissions());
        if (after.carried().size() > ServiceGroupPermissions.MAX_GROUPS) {
            return decided(Outcome.refused(Reason.GROUP_LIMIT_REACHED, "At most "
                    + ServiceGroupPermissions.MAX_GROUPS + " groups of a service carry permissions."));
        }
        return switch (services.changeGroups(command.organisation(), read.get(), after,
                ServiceEvents.groupPermissions(command.group(), before, command.permissions()), command.actor())) {
            case CHANGED -> decided(Outcome.done(read.get().carrying(after)));
            case ACTOR_CHANGED -> decided(Outcome.refused(Reason.MISSING_ROLE,
                    "What you hold changed while this was decided; read again."));
            case CHANGED_MEANWHILE -> new Rereads.Again<>(command);
        };
    }

    /** What a change gives or takes away: in one of the two sets and not the other. */
    private static Set<Permission> changed(Set<Permission> before, Set<Permission> after) {
        Set<Permission> changed = new HashSet<>(before);
        changed.addAll(after);
        changed.removeAll(intersection(before, after));
        return changed;
    }

    private static Rereads.Step<Define, Outcome<Service>> decided(Outcome<Service> outcome) {
        return new Rereads.Decided<>(outcome);
    }

    private static Set<Permission> intersection(Set<Permission> one, Set<Permission> other) {
        Set<Permission> both = new HashSet<>(one);
        both.retainAll(other);
        return both;
    }
}
