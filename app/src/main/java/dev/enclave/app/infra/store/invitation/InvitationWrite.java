package dev.enclave.app.infra.store.invitation;

import dev.enclave.app.infra.store.WriteRole;

/** What each write of an invitation workflow's transaction is there for. */
enum InvitationWrite implements WriteRole {
    /** The invitation itself: new, or still pending (and, to accept, with this token and still valid). */
    INVITATION,
    /** The invitee guard: the one pending invitation of the email, as read. */
    INVITEE,
    /** The invitation a new one supersedes, still pending. */
    SUPERSEDED,
    /** The member who sent the invitation may still grant what it grants. */
    INVITER,
    /** Nothing says the email (or the user) is a member yet. */
    NOT_YET_A_MEMBER,
    /** The organisation is active with a seat free (and, to accept, still at the version read). */
    SEAT_AVAILABLE,
    /** A new organisation, set up with its first owner's invitation. */
    ORGANISATION,
    /** A service the invitation grants a group of still exists. */
    SERVICE,
    /** The new member's place in a service group. */
    SERVICE_ASSIGNMENT,
    /** The organisation is not being deleted (closing an invitation without an actor of its own). */
    NOT_BEING_DELETED,
    /** The organisation is active in the life read (an invitee declining). */
    ACTIVE,
    /** The custom groups the invitation grants are in the lives read: the group definitions at the version read. */
    GROUPS
}
