package dev.enclave.sandbox.sts;

import java.time.Duration;

/** An injected delay: the calling thread waits it out (an interrupt ends the wait and is kept). */
public final class Latency {

    private Latency() {
    }

    /** Waits {@code latency} out on the calling thread. */
    public static void hold(Duration latency) {
        if (latency.isZero()) {
            return;
        }
        try {
            Thread.sleep(latency.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
