package dev.enclave.app.domain.access;

import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.app.domain.event.Target;
import java.time.Instant;
import java.util.Map;

/** The event of credentials handed out: who (the actor), which access, by which route, until when. Never a secret. */
public final class CredentialsEvents {

    private CredentialsEvents() {
    }

    /**
     * @param access     {@code read} or {@code readwrite}
     * @param route      the route that handed them out
     * @param expiration when they stop working
     */
    public static NewEvent issued(String organisation, String access, String route, Instant expiration) {
        return NewEvent.of(EventType.CREDENTIALS_ISSUED, Target.organisation(organisation),
                Map.of("access", access, "route", route, "expiration", expiration.toString()));
    }
}
