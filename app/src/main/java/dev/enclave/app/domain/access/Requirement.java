package dev.enclave.app.domain.access;

/** What membership an endpoint needs. */
public enum Requirement {
    MEMBER, ADMIN, OWNER
}
