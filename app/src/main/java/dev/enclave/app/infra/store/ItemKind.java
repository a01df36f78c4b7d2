package dev.enclave.app.infra.store;

/** What a read expects an item to be; the {@code kind} tag of skipped items. */
public enum ItemKind {
    MEMBERSHIP("membership"),
    ORGANISATION("organisation"),
    INVITATION("invitation"),
    SERVICE("service"),
    ASSIGNMENT("assignment"),
    API_KEY("api-key"),
    /** An organisation's custom group definitions. */
    GROUP_DEFINITIONS("group-definitions"),
    /** A webhook endpoint. */
    WEBHOOK_ENDPOINT("webhook-endpoint"),
    /** A webhook delivery. */
    WEBHOOK_DELIVERY("webhook-delivery"),
    /** An entry of the due-deliveries index. */
    DUE_DELIVERY("due-delivery"),
    /** An event of an organisation's log. */
    EVENT("event"),
    /** An organisation's background job. */
    JOB("job"),
    /** An entry of the owed-work index. */
    OWED_WORK("owed-work"),
    /** A user's own profile record. */
    PROFILE("profile"),
    /** An entry of the due-profiles index. */
    DUE_PROFILE("due-profile"),
    /** An entry of the unconfirmed key lookups on the owed-work index. */
    UNCONFIRMED_LOOKUP("unconfirmed-lookup"),
    /** The guard naming an email's one pending invitation. */
    INVITEE_GUARD("invitee-guard"),
    /** An entry of the due invitation expiries on the owed-work index. */
    DUE_INVITATION_EXPIRY("due-invitation-expiry"),
    /** Any item of a partition walked whole (deleting an organisation). */
    PARTITION_ITEM("partition-item");

    private final String tag;

    ItemKind(String tag) {
        this.tag = tag;
    }

    /** The metric tag value. */
    public String tag() {
        return tag;
    }
}
