package dev.enclave.app.infra.store.jobs;

import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.Optional;

/**
 * What a deletion waits for, a while, before it removes a watched organisation's webhook endpoints with the rest of
 * its items: its log handed out to them, and each delivery made since the deletion began tried once, so the
 * endpoints are sent the deletion's own event ({@code organisation.deleted}).
 */
public interface FinalDeliveries {

    /**
     * What is still untried of {@code tenant}'s final deliveries (in its life {@code in}): empty when its log is
     * handed out and every delivery made since {@code since} was tried at least once.
     */
    Optional<Untried> untried(TenantId tenant, Incarnation in, Instant since);

    /**
     * Deliveries not tried yet; {@code heldUntil}, the latest lease an instance holds one of them under (an
     * instance that died holding it holds it until then, and only then can another try it).
     */
    record Untried(Optional<Instant> heldUntil) {

        /** Untried, none of them held (or the log not handed out yet). */
        public static final Untried WAITING = new Untried(Optional.empty());
    }
}
