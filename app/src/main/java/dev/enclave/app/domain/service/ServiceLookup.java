package dev.enclave.app.domain.service;

import dev.enclave.app.domain.organisation.Organisation;
import java.util.Optional;

/** Finds one of an organisation's services, as it is now: what a workflow that grants its groups judges on. */
@FunctionalInterface
public interface ServiceLookup {

    Optional<Service> find(Organisation organisation, ServiceId service);
}
