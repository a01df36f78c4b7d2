package dev.enclave.bench.chaos;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Injects the local stack's faults (POST /local/faults) every few seconds, each for a bounded number of calls,
 * for everyone or for one of the run's organisations; a restart clears them, as it clears the sandbox.
 */
final class FaultInjector implements Runnable {

    private static final List<String> FAULTS = List.of(
            "{\"kind\":\"THROTTLING\",\"times\":40}",
            "{\"kind\":\"PROVISIONED_THROUGHPUT_EXCEEDED\",\"times\":20}",
            "{\"kind\":\"INTERNAL_SERVER_ERROR\",\"times\":15}",
            "{\"kind\":\"SERVICE_UNAVAILABLE\",\"times\":15}",
            "{\"kind\":\"DROPPED_CONNECTION\",\"times\":8}",
            "{\"kind\":\"LATENCY\",\"latencyMillis\":400,\"times\":30}",
            "{\"kind\":\"INTERNAL_SERVER_ERROR\",\"operation\":\"TransactWriteItems\",\"times\":6}",
            "{\"kind\":\"INTERNAL_SERVER_ERROR\",\"operation\":\"BatchWriteItem\",\"times\":6}",
            "{\"kind\":\"STS_THROTTLING\",\"times\":3}");
    private static final long EVERY_MILLIS = 2_000;

    private final Client client;
    private final Random random;
    private final long deadlineNanos;
    private final AtomicLong injected = new AtomicLong();

    FaultInjector(Client client, long seed, long deadlineNanos) {
        this.client = client;
        this.random = new Random(seed);
        this.deadlineNanos = deadlineNanos;
    }

    long injected() {
        return injected.get();
    }

    @Override
    public void run() {
        while (System.nanoTime() < deadlineNanos && !Thread.currentThread().isInterrupted()) {
            String fault = FAULTS.get(random.nextInt(FAULTS.size()));
            if (client.send("POST", "/local/faults", null, fault, Map.of()).status() / 100 == 2) {
                injected.incrementAndGet();
            }
            try {
                Thread.sleep(EVERY_MILLIS);
            } catch (InterruptedException interrupted) {
                return;
            }
        }
    }
}
