package dev.enclave.app.support;

import dev.enclave.sandbox.MutableClock;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * An instance whose clock the test moves ({@value #SETTING} {@code = true}): work due later (a background pass's) is
 * made due by moving the clock, not by waiting.
 */
@Factory
@Requires(property = MovableClockFactory.SETTING, value = "true")
public class MovableClockFactory {

    public static final String SETTING = "test.movable-clock";

    @Singleton
    @Replaces(Clock.class)
    MutableClock movable() {
        return new MutableClock();
    }
}
