package dev.enclave.app.domain.event;

import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import java.util.Objects;
import java.util.Optional;

/** Records an event that goes with no change of Enclave's items: credentials handed out, an app's own action. */
public interface EventRecorder {

    /**
     * Records {@code event} in the organisation's log while the organisation lives in its life {@code incarnation}.
     * With {@code once}, once: its key is kept (24 hours) with the event and a digest of the request, in the same
     * transaction; a retry with the key and the same request records nothing more, and one with another request is
     * refused ({@link Recorded#KEY_REUSED}).
     */
    Recorded record(TenantId organisation, Incarnation incarnation, NewEvent event, Optional<Once> once);

    /** An idempotency key, and a digest of the request that sent it. */
    record Once(String key, String request) {
        public Once {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(request, "request");
        }
    }

    /** What recording came to. */
    enum Recorded {
        RECORDED,
        /** An event with this idempotency key and this request was recorded already: nothing more was. */
        ALREADY_RECORDED,
        /** The idempotency key was sent before with another request: nothing was recorded. */
        KEY_REUSED,
        /** The organisation is gone (or being deleted), or in another life: nothing was recorded. */
        NO_ORGANISATION,
        /** The organisation is suspended (while the request was in flight): nothing was recorded. */
        NOT_ACTIVE
    }
}
