package dev.enclave.app.infra.store;

import dev.enclave.identity.TenantId;

/**
 * A change was refused because its actor no longer holds what the request's access decision leaned on (removed,
 * demoted, or the definitions of their group changed meanwhile), or the organisation is no longer active (suspended,
 * or being deleted): nothing was written.
 */
public final class ActorChangedException extends RuntimeException {

    private final boolean organisationInactive;
    private final boolean keyGone;

    public ActorChangedException(TenantId tenant, boolean organisationInactive, boolean keyGone) {
        super(organisationInactive ? "The organisation " + tenant.value() + " stopped being active during a change"
                : keyGone ? "The API key acting in a change in " + tenant.value() + " was revoked during it"
                : "The actor of a change in " + tenant.value() + " no longer holds what it was granted on");
        this.organisationInactive = organisationInactive;
        this.keyGone = keyGone;
    }

    /** Whether the actor was an API key, revoked meanwhile. */
    public boolean keyGone() {
        return keyGone;
    }

    /** Whether the organisation stopped being active (else the actor lost what they held). */
    public boolean organisationInactive() {
        return organisationInactive;
    }
}
