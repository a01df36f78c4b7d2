package dev.enclave.app.infra.store;

import dev.enclave.identity.TenantId;
import java.time.Duration;

/**
 * An organisation's write waited longer than it may for its turn: more of its writes were queued than one instance
 * sends in that time. Nothing was written.
 */
public final class OrganisationBusyException extends RuntimeException {

    public OrganisationBusyException(TenantId tenant, Duration waited) {
        super("organisation " + tenant.value() + " had no turn for its write within " + waited);
    }
}
