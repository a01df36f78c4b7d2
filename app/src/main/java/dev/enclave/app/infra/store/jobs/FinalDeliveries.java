package dev.enclave.app.infra.store.jobs;

import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import java.time.Instant;

/**
 * What a deletion waits for, a while, before it removes a watched organisation's webhook endpoints with the rest of
 * its items: its log handed out to them, and each delivery made since the deletion began tried once, so the
 * endpoints are sent the deletion's own event ({@code organisation.deleted}).
 */
public interface FinalDeliveries {

    /**
     * Whether {@code tenant}'s log (in its life {@code in}) is handed out to its endpoints, and every delivery made
     * since {@code since} was tried at least once.
     */
    boolean tried(TenantId tenant, Incarnation in, Instant since);
}
