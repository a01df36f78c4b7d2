package dev.enclave.tenancy.sandbox.iam;

/** IAM's three outcomes. */
public enum Decision {
    ALLOW, EXPLICIT_DENY, IMPLICIT_DENY;

    public boolean allowed() {
        return this == ALLOW;
    }
}
