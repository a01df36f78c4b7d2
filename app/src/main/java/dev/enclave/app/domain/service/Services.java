package dev.enclave.app.domain.service;

import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.identity.UserKey;
import java.util.List;
import java.util.Optional;

/**
 * An organisation's services and who is in each service group. Writes that add take the organisation as read: they
 * land only while it is that incarnation and not being deleted. Reads take it too, and see only its incarnation's
 * items.
 */
public interface Services {

    Creation create(Organisation organisation, ServiceId service, String name);

    Optional<Service> find(Organisation organisation, ServiceId service);

    List<Service> list(Organisation organisation);

    /** Renames when the version matches; empty when it does not (or the service is gone). */
    Optional<Service> rename(Organisation organisation, ServiceId service, String name, ExpectedVersion expected);

    /** Deletes the service and all its assignments in one transaction, as they are when it reads them. */
    Deletion delete(Organisation organisation, ServiceId service);

    /**
     * Assigns a member to a service group, in one transaction that records the assignment on the membership (so it
     * goes with the membership) and on the service (so it goes with the service).
     */
    Assignment assign(Organisation organisation, ServiceGroup group, UserKey user, String userId);

    void unassign(Organisation organisation, ServiceGroup group, UserKey user, String userId);

    /** The user ids in the service group. */
    List<String> groupMembers(Organisation organisation, ServiceGroup group);

    /** Whether the user is a member of the organisation in the service group: one strongly consistent read of both. */
    boolean isAssigned(Organisation organisation, ServiceGroup group, UserKey user);

    /** What creating a service came to. */
    enum Creation { CREATED, TAKEN, ORGANISATION_GONE }

    /** What assigning came to. */
    enum Assignment { ASSIGNED, NOT_A_MEMBER, NO_SUCH_SERVICE, ORGANISATION_GONE }

    /** What deleting a service came to. */
    enum Deletion { DELETED, NOT_FOUND, TOO_MANY_ASSIGNMENTS }
}
