package dev.enclave.app.infra.store.event;

import dev.enclave.identity.TenantId;
import java.util.Objects;

/** This instance committed an event to a log webhook endpoints watch. */
public record LogAppended(TenantId tenant) {

    public LogAppended {
        Objects.requireNonNull(tenant, "tenant");
    }
}
