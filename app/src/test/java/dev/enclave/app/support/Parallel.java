package dev.enclave.app.support;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Real concurrency for race tests: {@code count} calls on as many threads, released together. */
public final class Parallel {

    private Parallel() {
    }

    /** One call of a race, told which of the calls it is. */
    @FunctionalInterface
    public interface IndexedCall<T> {
        T apply(int index) throws Exception;
    }

    /** Runs {@code count} calls at once and answers their results in order. */
    public static <T> List<T> run(int count, IndexedCall<T> call) {
        ExecutorService pool = Executors.newFixedThreadPool(count);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<T>> futures = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int index = i;
            Callable<T> task = () -> {
                start.await();
                return call.apply(index);
            };
            futures.add(pool.submit(task));
        }
        start.countDown();
        try {
            List<T> results = new ArrayList<>();
            for (Future<T> future : futures) {
                results.add(future.get());
            }
            return results;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(interrupted);
        } catch (ExecutionException failed) {
            throw new IllegalStateException(failed.getCause());
        } finally {
            pool.shutdownNow();
        }
    }
}
