package dev.enclave.bench.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A process that keeps the machine's cores busy for the saturated noisy-neighbour cell: {@code threads} threads
 * spinning on arithmetic at normal priority, each counting its rounds. Every {@value #REPORT_MILLIS} ms it writes
 * the rounds done so far to a file, so the cell reads how much CPU it got in each phase. Run as its own JVM
 * ({@link #start}); it stops when its parent does.
 */
final class CpuBurner implements AutoCloseable {

    private static final int REPORT_MILLIS = 200;
    /** Arithmetic between two counts: small enough that the count moves every few microseconds. */
    private static final int SPINS_PER_ROUND = 1_000;

    private final Process process;
    private final Path progress;
    private final int threads;

    private CpuBurner(Process process, Path progress, int threads) {
        this.process = process;
        this.progress = progress;
        this.threads = threads;
    }

    /** Starts {@code threads} spinning threads in a JVM of its own; its progress file lives under {@code work}. */
    static CpuBurner start(Path work, int threads) throws IOException, InterruptedException {
        Path progress = work.resolve("cpu-burner.progress");
        Files.deleteIfExists(progress);
        Process process = new ProcessBuilder(ServerUnderTest.javaBinary(), "-Xmx64m", "-cp",
                System.getProperty("java.class.path"), CpuBurner.class.getName(), Integer.toString(threads),
                progress.toString()).redirectErrorStream(true).redirectOutput(work.resolve("cpu-burner.log").toFile())
                .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.exists(progress)) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                process.destroyForcibly();
                throw new IllegalStateException("the CPU burner did not start; see " + work.resolve("cpu-burner.log"));
            }
            Thread.sleep(50);
        }
        return new CpuBurner(process, progress, threads);
    }

    int threads() {
        return threads;
    }

    /** Rounds every thread has done so far, as last reported (at most {@value #REPORT_MILLIS} ms old). */
    long rounds() {
        try {
            return Long.parseLong(Files.readString(progress).trim());
        } catch (IOException | NumberFormatException e) {
            throw new IllegalStateException("cannot read the CPU burner's progress in " + progress, e);
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        Path progress = Path.of(args[1]);
        AtomicLongArray rounds = new AtomicLongArray(threads);
        List<Thread> spinners = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int slot = t;
            Thread spinner = new Thread(() -> spin(rounds, slot), "cpu-burner-" + t);
            spinner.setDaemon(true);
            spinner.start();
            spinners.add(spinner);
        }
        Path next = progress.resolveSibling(progress.getFileName() + ".next");
        ProcessHandle parent = ProcessHandle.current().parent().orElseThrow();
        while (parent.isAlive()) {
            long total = 0;
            for (int t = 0; t < threads; t++) {
                total += rounds.get(t);
            }
            Files.writeString(next, Long.toString(total));
            Files.move(next, progress, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            Thread.sleep(REPORT_MILLIS);
        }
    }

    private static void spin(AtomicLongArray rounds, int slot) {
        long x = slot + 1;
        while (true) {
            for (int i = 0; i < SPINS_PER_ROUND; i++) {
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
            }
            rounds.lazySet(slot, rounds.get(slot) + 1 + (x == 0 ? 1 : 0));
        }
    }
}
