package dev.enclave.app.domain.member;

import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.domain.permission.Authority;
import dev.enclave.app.domain.permission.CustomGroup;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.identity.UserKey;
import java.util.Optional;

/**
 * The changes to memberships that must keep the organisation's invariants (at least one owner, the member count),
 * each one transaction.
 */
public interface MembershipChanges {

    /*
     * Every change is made by an actor, whose membership the change checks in its own transaction: still the one the
     * decision was made on (not removed, nor removed and created again under a new life of the organisation) and
     * still holding one of the groups its {@link Authority} names (with the definitions as judged, when one of them is
     * a custom group). A request decided long ago, or for an organisation since deleted and
     * created again, changes nothing ({@link Change#ACTOR_GONE}); one whose definitions changed meanwhile, nothing
     * either ({@link Change#DEFINITIONS_CHANGED}).
     */

    /**
     * Removes the member, their email record, their seat and their service-group assignments in one transaction;
     * refuses to remove the last owner. Removing someone else needs an admin (an owner to remove an owner).
     */
    Change remove(Membership actor, Authority authority, Membership membership);

    /**
     * Adds a group to the member {@code user}, whose id is {@code userId}; granting {@code owner} counts one more owner. Atomic set add: concurrent edits all land, unless
     * {@code expected} names the versions the change may apply to. Whether the user is a member, and at which
     * version, is decided by the write's condition, not by a read before it. Needs an admin (an owner for owner).
     * A custom group is given only as {@code judged}, the group defined in the life the decision read (none: a name
     * no group defines, a label): one deleted, or deleted and defined again, meanwhile refuses the grant
     * ({@link Change#GROUP_CHANGED}), and a grant lands only while a deletion racing it is refused, so nobody is left
     * holding a deleted group's name.
     */
    Change grant(Membership actor, Authority authority, UserKey user, String userId, GroupName group,
                 Optional<CustomGroup> judged, Optional<ExpectedVersion> expected);

    /** Removes a group; taking {@code owner} away from the last owner is refused. As {@link #grant}, by role. */
    Change revoke(Membership actor, Authority authority, UserKey user, String userId, GroupName group, Optional<ExpectedVersion> expected);

    /**
     * Moves the owner group from {@code from}, an owner, to another member in one transaction; the owner count is
     * unchanged.
     */
    Change transferOwnership(Membership from, UserKey to, String toUserId);

    /** What a change came to. */
    enum Change {
        DONE,
        /** Nothing to do (already so). */
        UNCHANGED,
        /** The user the change is about is not a member. */
        NOT_A_MEMBER,
        /** The membership is not at a version the change expected (If-Match). */
        VERSION_MISMATCH,
        LAST_OWNER,
        /** The membership changed or vanished since it was read. */
        MEMBERSHIP_CHANGED,
        /** The custom group granted is not as the decision found it (deleted, or defined, meanwhile). */
        GROUP_CHANGED,
        /** Too many service-group assignments to remove in one transaction. */
        TOO_LARGE,
        /**
         * The actor's membership is no longer the one the change was decided on, or lost the role it needs: nothing
         * changed.
         */
        ACTOR_GONE,
        /**
         * The actor's membership is as the change was decided on, but the organisation's group definitions it was
         * judged with changed meanwhile (another group defined, changed or deleted, perhaps one the decision leaned
         * on): nothing changed, and deciding again may well allow it.
         */
        DEFINITIONS_CHANGED
    }
}
