package dev.enclave.app.domain.service;

import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.domain.permission.ServiceGroupPermissions;
import dev.enclave.identity.UserKey;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An organisation's services and who is in each service group. Writes that add take the organisation as read: they
 * land only while it is that incarnation and not being deleted. Reads take it too, and see only its incarnation's
 * items.
 */
public interface Services extends ServiceLookup {

    Creation create(Organisation organisation, Service service);

    @Override
    Optional<Service> find(Organisation organisation, ServiceId service);

    /** The organisation's services in id order, {@code limit} at most, after {@code after} when given. */
    ServicePage list(Organisation organisation, Optional<ServiceId> after, int limit);

    /** A page of services, and the last one of it when there may be more. */
    record ServicePage(List<Service> services, Optional<ServiceId> last) {
        public ServicePage {
            services = List.copyOf(services);
            Objects.requireNonNull(last, "last");
        }
    }

    /**
     * Renames when the version matches (to the name it has: answered as it is, nothing written); empty when it does
     * not (or the service is gone).
     */
    Optional<Service> rename(Organisation organisation, ServiceId service, String name, ExpectedVersion expected);

    /**
     * Deletes the service as read (its life and version) and all its assignments in one transaction, as they are when it reads
     * them; {@code actor}, when given, must still hold what the deletion was judged on.
     */
    Deletion delete(Organisation organisation, Service asRead, Optional<HoldingInServices> actor);

    /**
     * Assigns a member to a service group, in one transaction that records the assignment on the membership (so it
     * goes with the membership) and on the service (so it goes with the service), while the service is at
     * as read (its life and version: what its groups carry is as the caller judged it) and {@code actor}, when given, still
     * holds what it was judged on.
     */
    Assignment assign(Organisation organisation, ServiceGroup group, UserKey user, String userId, Service asRead,
                      Optional<HoldingInServices> actor);

    /**
     * Makes the service's groups carry {@code after}, while the service is as {@code read} (its version), with
     * {@code event} in the same transaction.
     */
    GroupsChange changeGroups(Organisation organisation, Service read, ServiceGroupPermissions after, NewEvent event,
                              HoldingInServices actor);

    /**
     * Takes a member out of a service group (done whether or not they were in it), while the service is as read
     * when given and {@code actor}, when given, still holds what it was judged on.
     */
    Unassignment unassign(Organisation organisation, ServiceGroup group, UserKey user, String userId,
                          Optional<Service> asRead, Optional<HoldingInServices> actor);

    /**
     * The user ids in the service group, {@code limit} at most, after {@code after} when given; empty when the service
     * is not there (a deleted service's assignments the sweep has yet to remove are nobody's).
     */
    Optional<GroupMemberPage> groupMembers(Organisation organisation, ServiceGroup group, Optional<UserKey> after,
                                           int limit);

    /** A page of a service group's members, and the last one of it when there may be more. */
    record GroupMemberPage(List<String> userIds, Optional<UserKey> last) {
        public GroupMemberPage {
            userIds = List.copyOf(userIds);
            Objects.requireNonNull(last, "last");
        }
    }

    /**
     * Whether the user is a member of the organisation in the service group, of a service that is there: one strongly
     * consistent read of the membership, the service and the assignment.
     */
    boolean isAssigned(Organisation organisation, ServiceGroup group, UserKey user);

    /** What creating a service came to. */
    enum Creation {
        CREATED,
        TAKEN,
        ORGANISATION_GONE,
        /** A service of the id was deleted and the sweep still removes its assignments. */
        STILL_SWEPT
    }

    /** What assigning came to. */
    /**
     * The most service groups one member is in: few enough that removing the member takes every assignment with
     * the membership in one transaction.
     */
    int MOST_GROUPS_OF_A_MEMBER = 90;

    enum Assignment { ASSIGNED, NOT_A_MEMBER, TOO_MANY_GROUPS, SERVICE_CHANGED, ORGANISATION_GONE, ACTOR_CHANGED }

    /** What unassigning came to. */
    enum Unassignment { UNASSIGNED, SERVICE_CHANGED, ACTOR_CHANGED }

    /** What changing what a service's groups carry came to. */
    enum GroupsChange { CHANGED, CHANGED_MEANWHILE, ACTOR_CHANGED }

    /** What deleting a service came to. */
    enum Deletion {
        DELETED,
        /** Deleted, its assignments owed to the organisation's service sweep (more than one transaction holds). */
        LEFT_TO_THE_SWEEP,
        NOT_FOUND,
        CHANGED,
        ACTOR_CHANGED,
        /** Not deleted: its groups' members kept changing while it was read, through every attempt. */
        BUSY
    }
}
