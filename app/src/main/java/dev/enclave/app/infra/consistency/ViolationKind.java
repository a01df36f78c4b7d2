package dev.enclave.app.infra.consistency;


/** Each invariant of the table the checker knows, named as the report prints it. */
public enum ViolationKind {
    /** An organisation item in status {@code DELETING}: a deletion stopped half-way. */
    ORGANISATION_DELETING,
    /** A control item in a tenant partition that has no organisation item: a deletion stopped half-way. */
    ITEM_WITHOUT_ORGANISATION,
    /**
     * A control item another incarnation of its organisation wrote (its {@code incarnation} is not the organisation
     * item's): an item a deleted organisation left behind, or one written into it after it was re-created.
     */
    DEAD_INCARNATION,
    /** Work still owed: an organisation item that records a rename or deletion not finished, or a service sweep. */
    UNFINISHED_WORK,
    /** The organisation's {@code members} counter differs from its memberships. */
    MEMBER_COUNT,
    /** The organisation's {@code owners} counter differs from its memberships in the owner group. */
    OWNER_COUNT,
    /** Members, and none of them an owner. */
    NO_OWNER,
    /** The organisation's {@code apiKeys} counter differs from its API keys. */
    API_KEY_COUNT,
    /** The organisation's {@code webhooks} counter differs from its webhook endpoints. */
    WEBHOOK_ENDPOINT_COUNT,
    /** An item's {@code byUser} entry (GSI2) is missing, or is not the one its entity has. */
    USER_INDEX_ENTRY,
    /** An item's {@code byTenantCollection} entry (GSI1) is missing, or is not the one its entity has. */
    COLLECTION_INDEX_ENTRY,
    /** A membership without its email record, or an email record without its membership. */
    EMAIL_GUARD,
    /** A pending invitation its invitee guard does not name, or a guard naming no pending invitation. */
    INVITEE_GUARD,
    /**
     * A pending invitation whose guard is due on the invitation expiries at another time than its validity, or that is
     * still pending {@code InvitationReads.EXPIRED_WITHIN} after its validity (guards written before expiries were
     * recorded carry no due entry and are not judged).
     */
    INVITATION_EXPIRY,
    /**
     * An invitation that is no longer pending but still stands on the due-deliveries index for its mail: the mailer
     * can never take it, and the pollers read that index oldest first.
     */
    CLOSED_INVITATION_DUE,
    /** A service-group assignment of someone who is not a member. */
    ASSIGNMENT_WITHOUT_MEMBER,
    /** A service-group assignment to a service that does not exist. */
    ASSIGNMENT_WITHOUT_SERVICE,
    /**
     * A membership records a service group it has no assignment to, or a member's assignment is not recorded on
     * their membership: what the member's service groups carry would be judged wrongly
     * ({@code ServiceGroupRecordsRepair} mends tables written before the records were kept exactly).
     */
    SERVICE_GROUP_RECORD,
    /** A pending invitation for an email that is already a member's. */
    INVITATION_FOR_MEMBER,
    /** A membership's copy of the organisation's name differs from the name: a rename stopped half-way. */
    STALE_NAME_COPY,
    /** An API key without its lookup entry (it cannot authenticate), or one whose entry differs from it. */
    KEY_LOOKUP_MISSING,
    /**
     * An API key lookup entry whose key is not in its organisation's partition (never created, revoked, or the
     * organisation gone); one still unconfirmed only once its due is {@code ApiKeyReads.SETTLED_WITHIN} past.
     */
    KEY_LOOKUP_WITHOUT_KEY,
    /**
     * The organisation's log has a hole: a place below its head with no event, above the oldest kept (TTL removes
     * the oldest first), or an event beyond its head.
     */
    EVENT_LOG_GAP,
    /**
     * A member, API key, invitation or webhook endpoint that came after the oldest event kept, without the event
     * that says so.
     */
    EVENT_MISSING,
    /** What happens once to its target (an invitation sent or closed, a key created, first used, revoked) twice. */
    EVENT_REPEATED,
    /** An item no Enclave entity has: its sort key matches no kind, or its partition key no namespace. */
    UNKNOWN_ITEM,
    /** An item of a known kind that its entity's mapping refuses, or that maps to another key. */
    MALFORMED_ITEM
}
