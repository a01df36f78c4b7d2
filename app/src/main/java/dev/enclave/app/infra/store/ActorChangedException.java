package dev.enclave.app.infra.store;

import dev.enclave.identity.TenantId;

/**
 * A change was refused because its actor no longer holds what the request's access decision leaned on (removed,
 * demoted, or the definitions of their group changed meanwhile): nothing was written.
 */
public final class ActorChangedException extends RuntimeException {

    public ActorChangedException(TenantId tenant) {
        super("The actor of a change in " + tenant.value() + " no longer holds what it was granted on");
    }
}
