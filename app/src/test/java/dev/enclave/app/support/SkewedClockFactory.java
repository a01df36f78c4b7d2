package dev.enclave.app.support;

import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;

/**
 * An instance whose clock runs {@value #SETTING} ahead of (or behind) the machine's, as instances on different hosts
 * drift: the workflows read time from the injected clock, so everything the instance stamps is skewed.
 */
@Factory
@Requires(property = SkewedClockFactory.SETTING)
public class SkewedClockFactory {

    /** The skew, an ISO-8601 duration such as {@code PT3S} or {@code PT-3S}. */
    public static final String SETTING = "test.clock-skew";

    @Singleton
    @Replaces(Clock.class)
    Clock skewed(@Property(name = SETTING) Duration skew) {
        return Clock.offset(Clock.systemUTC(), skew);
    }
}
