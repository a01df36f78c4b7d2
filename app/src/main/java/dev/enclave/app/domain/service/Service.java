package dev.enclave.app.domain.service;

import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.domain.permission.ServiceGroupPermissions;
import java.util.Objects;
import java.util.UUID;

/**
 * A service as the organisation holds it, with what its groups carry; the API's shape of it is the controller's.
 *
 * @param generation which life of its id this is (empty for one stored before lives were told apart): a change
 *                   judged on one life is never written to a service deleted and created again under its id
 */
public record Service(ServiceId id, String name, long version, ServiceGroupPermissions groups, String generation) {

    /** A service whose groups carry nothing. */
    public Service(ServiceId id, String name, long version) {
        this(id, name, version, ServiceGroupPermissions.NONE, "");
    }

    /** A service of a life stored before lives were told apart. */
    public Service(ServiceId id, String name, long version, ServiceGroupPermissions groups) {
        this(id, name, version, groups, "");
    }

    /** A new service, at version 1, of a generation of its own. */
    public static Service created(ServiceId id, String name) {
        return new Service(id, name, 1, ServiceGroupPermissions.NONE, UUID.randomUUID().toString());
    }

    /** Which life of its id this is, as its entity tag names it. */
    public String life() {
        return ExpectedVersion.lifeOfGeneration(generation);
    }

    /** This service one version on, renamed. */
    public Service renamed(String newName) {
        return new Service(id, newName, version + 1, groups, generation);
    }

    /** This service one version on, its groups carrying {@code carried}. */
    public Service carrying(ServiceGroupPermissions carried) {
        return new Service(id, name, version + 1, carried, generation);
    }

    public Service {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(groups, "groups");
        Objects.requireNonNull(generation, "generation");
    }
}
