package dev.enclave.tenancy.sandbox;

import java.time.Duration;

/** An injected delay: the calling thread waits it out (an interrupt ends the wait and is kept). */
final class Latency {

    private Latency() {
    }

    static void hold(Duration latency) {
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
