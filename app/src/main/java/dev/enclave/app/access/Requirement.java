package dev.enclave.app.access;

/** What membership an endpoint needs. */
public enum Requirement {
    MEMBER, ADMIN, OWNER
}
