package dev.enclave.app.infra.startup;

import io.micronaut.context.annotation.Factory;
import jakarta.inject.Singleton;
import java.time.Clock;

/** The clock workflows read time from, injected so tests can control it. */
@Factory
final class ClockFactory {

    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }
}
