package dev.enclave.app.domain.service;

import java.util.Objects;

/** A service as the organisation holds it; the API's shape of it is the controller's. */
public record Service(ServiceId id, String name, long version) {

    public Service {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
    }
}
