package dev.enclave.app.service;

import dev.enclave.app.platform.ExpectedVersion;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.List;
import java.util.Optional;

/** An organisation's services and who is in each service group. */
public interface Services {

    /** False when the id is taken. */
    boolean create(TenantId tenant, String service, String name);

    Optional<ServiceView> find(TenantId tenant, String service);

    List<ServiceView> list(TenantId tenant);

    /** Renames when the version matches; empty when it does not (or the service is gone). */
    Optional<ServiceView> rename(TenantId tenant, String service, String name, ExpectedVersion expected);

    /** Deletes the service and all its assignments in one transaction. */
    Deletion delete(TenantId tenant, String service);

    /** Assigns a member to a service group; false unless both the member and the service exist. */
    boolean assign(TenantId tenant, String service, String group, UserKey user, String userId);

    void unassign(TenantId tenant, String service, String group, UserKey user);

    List<String> groupMembers(TenantId tenant, String service, String group);

    boolean isAssigned(TenantId tenant, String service, String group, UserKey user);

    /** What deleting a service came to. */
    enum Deletion { DELETED, NOT_FOUND, TOO_MANY_ASSIGNMENTS }

    /** A service as the organisation holds it; the API's shape of it is the controller's. */
    record ServiceView(String id, String name, long version) {
    }
}
