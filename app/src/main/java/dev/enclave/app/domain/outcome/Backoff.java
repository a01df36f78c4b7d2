package dev.enclave.app.domain.outcome;

import java.util.concurrent.ThreadLocalRandom;

/** Waits before retrying a DynamoDB call that lost to another writer or was throttled; jittered, exponential. */
public final class Backoff {

    private static final long FIRST_MILLIS = 5;

    private Backoff() {
    }

    /** Sleeps about 5 ms × 2^(attempt − 1), plus up to as much again at random so racing retries spread out. */
    public static void pause(int attempt) {
        long base = FIRST_MILLIS << Math.min(Math.max(attempt - 1, 0), 10);
        try {
            Thread.sleep(base + ThreadLocalRandom.current().nextLong(base + 1));
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while backing off a DynamoDB retry", interrupted);
        }
    }
}
