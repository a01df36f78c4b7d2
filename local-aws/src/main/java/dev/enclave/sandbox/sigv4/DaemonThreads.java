package dev.enclave.sandbox.sigv4;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** The sandbox's pools: daemon threads (they never keep a JVM alive), stopped after a short grace. */
public final class DaemonThreads {

    private DaemonThreads() {
    }

    /** Daemon threads named {@code <name>-1}, {@code <name>-2}, … */
    public static ThreadFactory named(String name) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, name + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    /** Lets running tasks finish for up to 2 s, then interrupts them. */
    public static void stop(ExecutorService executor) {
        executor.shutdown();
        try {
            if (!executor.awaitTermination(2, TimeUnit.SECONDS)) {
                executor.shutdownNow();
            }
        } catch (InterruptedException e) {
            executor.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
