package dev.enclave.app.service;

import dev.enclave.app.platform.ExpectedVersion;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.List;
import java.util.Optional;

/** An organisation's services and who is in each service group. */
public interface Services {

    /** False when the id is taken. */
    boolean create(TenantId tenant, ServiceId service, String name);

    Optional<Service> find(TenantId tenant, ServiceId service);

    List<Service> list(TenantId tenant);

    /** Renames when the version matches; empty when it does not (or the service is gone). */
    Optional<Service> rename(TenantId tenant, ServiceId service, String name, ExpectedVersion expected);

    /** Deletes the service and all its assignments in one transaction. */
    Deletion delete(TenantId tenant, ServiceId service);

    /** Assigns a member to a service group; false unless both the member and the service exist. */
    boolean assign(TenantId tenant, ServiceGroup group, UserKey user, String userId);

    void unassign(TenantId tenant, ServiceGroup group, UserKey user);

    /** The user ids in the service group. */
    List<String> groupMembers(TenantId tenant, ServiceGroup group);

    boolean isAssigned(TenantId tenant, ServiceGroup group, UserKey user);

    /** What deleting a service came to. */
    enum Deletion { DELETED, NOT_FOUND, TOO_MANY_ASSIGNMENTS }
}
