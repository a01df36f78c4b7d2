package dev.enclave.app.domain.service;

import dev.enclave.app.domain.permission.ServiceGroupPermissions;
import java.util.Objects;

/**
 * A service as the organisation holds it, with what its groups carry; the API's shape of it is the controller's.
 */
public record Service(ServiceId id, String name, long version, ServiceGroupPermissions groups) {

    /** A service whose groups carry nothing. */
    public Service(ServiceId id, String name, long version) {
        this(id, name, version, ServiceGroupPermissions.NONE);
    }

    public Service {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(groups, "groups");
    }
}
