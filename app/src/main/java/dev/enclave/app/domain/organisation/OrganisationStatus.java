package dev.enclave.app.domain.organisation;

/** Whether an organisation's members can use it. */
public enum OrganisationStatus {
    ACTIVE, SUSPENDED,
    /** Being deleted: it answers as if gone while its items are removed. */
    DELETING
}
