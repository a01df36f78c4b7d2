package dev.enclave.tenancy.credentials;

import dev.enclave.tenancy.guard.GuardScope;

/** Renders the inline session policy for a scope (a pure function; rendered once per cached scope). */
@FunctionalInterface
public interface SessionPolicies {

    /** The session policy JSON, or {@code null} for ABAC mode where the role's static policy uses session tags. */
    String render(GuardScope scope);
}
