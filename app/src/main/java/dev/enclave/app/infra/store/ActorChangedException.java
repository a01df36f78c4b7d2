package dev.enclave.app.infra.store;

import dev.enclave.identity.TenantId;

/**
 * A change was refused because its actor no longer holds what the request's access decision leaned on (removed,
 * demoted, or the definitions of their group changed meanwhile), or the organisation is no longer active (suspended,
 * or being deleted): nothing was written.
 */
public final class ActorChangedException extends RuntimeException {

    /** What changed while the change was in flight. */
    public enum Cause {
        /** The member acting lost what they held (removed, demoted, or their group redefined). */
        ACTOR_CHANGED,
        /** The API key acting was revoked (or its organisation began its deletion: the key works no more). */
        KEY_GONE,
        /** The organisation was suspended. */
        SUSPENDED,
        /** The organisation began its deletion, or is gone. */
        ORGANISATION_GONE
    }

    private final Cause cause;

    public ActorChangedException(TenantId tenant, Cause cause) {
        super(switch (cause) {
            case SUSPENDED -> "The organisation " + tenant.value() + " was suspended during a change";
            case ORGANISATION_GONE -> "The organisation " + tenant.value() + " began its deletion during a change";
            case KEY_GONE -> "The API key acting in a change in " + tenant.value() + " was revoked during it";
            case ACTOR_CHANGED -> "The actor of a change in " + tenant.value()
                    + " no longer holds what it was granted on";
        });
        this.cause = cause;
    }

    public Cause cause() {
        return cause;
    }
}
