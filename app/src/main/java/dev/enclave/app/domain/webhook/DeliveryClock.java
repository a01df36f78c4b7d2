package dev.enclave.app.domain.webhook;

import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Instant;

/**
 * The time deliveries are scheduled by: the application's clock, behind a type of its own so a test can move the
 * deliveries' time on (a retry five minutes away, an endpoint failing for five days) without moving the time tokens
 * and credentials are checked by.
 */
@Singleton
public class DeliveryClock {

    private final Clock clock;

    public DeliveryClock(Clock clock) {
        this.clock = clock;
    }

    public Instant now() {
        return clock.instant();
    }
}
