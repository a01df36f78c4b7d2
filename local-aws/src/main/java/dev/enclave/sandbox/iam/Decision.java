package dev.enclave.sandbox.iam;

/** IAM's three outcomes. */
public enum Decision {
    ALLOW, EXPLICIT_DENY, IMPLICIT_DENY;

    public boolean allowed() {
        return this == ALLOW;
    }

    /**
     * The decision for a role session that carries a session policy: the session gets the intersection of the
     * role's identity-based policies and the session policy, and an explicit deny in either denies.
     */
    public static Decision ofSession(Decision byIdentity, Decision bySessionPolicy) {
        if (byIdentity == EXPLICIT_DENY || bySessionPolicy == EXPLICIT_DENY) {
            return EXPLICIT_DENY;
        }
        return byIdentity.allowed() && bySessionPolicy.allowed() ? ALLOW : IMPLICIT_DENY;
    }
}
