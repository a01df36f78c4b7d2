package dev.enclave.app.support;

import dev.enclave.sandbox.LocalAwsSandbox;
import java.time.Duration;

/** Waits for a sandbox's global secondary indexes, which lag behind the table as AWS's do. */
public final class Indexes {

    private static final Duration MARGIN = Duration.ofMillis(20);

    private Indexes() {
    }

    /** Returns once {@code sandbox}'s indexes show every write made before the call. */
    public static void caughtUp(LocalAwsSandbox sandbox) {
        Duration lag = sandbox.gateway().indexLag().duration();
        if (lag.isZero()) {
            return;
        }
        try {
            Thread.sleep(lag.plus(MARGIN).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the indexes caught up", e);
        }
    }
}
