package dev.enclave.app.support;

import dev.enclave.app.domain.webhook.DeliveryClock;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The deliveries' clock, movable forward by a test ({@code test.webhook-clock=movable}): the real time plus what
 * the test has moved it by, so retries minutes or days away are due at once while tokens and credentials keep the
 * real time.
 */
@Singleton
@Replaces(DeliveryClock.class)
@Requires(property = MovableWebhookClock.SETTING, value = "movable")
public class MovableWebhookClock extends DeliveryClock {

    public static final String SETTING = "test.webhook-clock";

    private final AtomicReference<Duration> moved = new AtomicReference<>(Duration.ZERO);

    public MovableWebhookClock() {
        super(Clock.systemUTC());
    }

    public void advance(Duration by) {
        moved.updateAndGet(total -> total.plus(by));
    }

    @Override
    public Instant now() {
        return super.now().plus(moved.get());
    }
}
