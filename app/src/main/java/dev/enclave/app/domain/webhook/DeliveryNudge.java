package dev.enclave.app.domain.webhook;

import dev.enclave.identity.TenantId;

/** Tells the deliveries' worker that an organisation has deliveries due now, so they need not wait for its poll. */
public interface DeliveryNudge {

    void due(TenantId tenant);
}
