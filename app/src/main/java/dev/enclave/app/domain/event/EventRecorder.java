package dev.enclave.app.domain.event;

import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import java.util.Optional;

/** Records an event that goes with no change of Enclave's items: credentials handed out, an app's own action. */
public interface EventRecorder {

    /**
     * Records {@code event} in the organisation's log while the organisation lives in its life {@code incarnation}.
     * With an {@code idempotencyKey}, once: the key is kept (24 hours) with the event, in the same transaction, and a
     * retry with it records nothing more.
     */
    Recorded record(TenantId organisation, Incarnation incarnation, NewEvent event, Optional<String> idempotencyKey);

    /** What recording came to. */
    enum Recorded {
        RECORDED,
        /** An event with this idempotency key was recorded already: nothing more was. */
        ALREADY_RECORDED,
        /** The organisation is gone (or being deleted), or in another life: nothing was recorded. */
        NO_ORGANISATION,
        /** The organisation is suspended (while the request was in flight): nothing was recorded. */
        NOT_ACTIVE
    }
}
