package dev.enclave.app.support;

import static org.awaitility.Awaitility.await;

import dev.enclave.sandbox.LocalAwsSandbox;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/** Waits for a sandbox's global secondary indexes, which lag behind the table as AWS's do. */
public final class Indexes {

    /** Beyond the lag itself: a sandbox clock that does not move (a test forgot to advance it) fails here. */
    private static final Duration PATIENCE = Duration.ofSeconds(10);
    private static final Duration POLL = Duration.ofMillis(10);

    private Indexes() {
    }

    /**
     * Returns once {@code sandbox}'s indexes show every write made before the call: once the sandbox's clock, which
     * the lag is measured on, has passed the lag since the call.
     */
    public static void caughtUp(LocalAwsSandbox sandbox) {
        Duration lag = sandbox.gateway().indexLag().duration();
        if (lag.isZero()) {
            return;
        }
        Clock clock = sandbox.settings().clock();
        Instant everyEarlierWriteShown = clock.instant().plus(lag);
        // The shared sandbox runs on the system clock (the app's sessions expire by it too), so time really passes.
        await("the sandbox's indexes catching up").atMost(lag.plus(PATIENCE)).pollDelay(Duration.ZERO)
                .pollInterval(POLL).until(() -> !clock.instant().isBefore(everyEarlierWriteShown));
    }
}
