package dev.enclave.app.infra.jobs;

/**
 * Keeps a job's writes at or under a rate: after each page, waits until the write units spent so far fit in the time
 * since the job started at {@code unitsPerSecond}. A transactional write costs two units per item of up to 1 KB,
 * which the job's pages are (keys and a name), so a page of {@code n} writes is {@code 2n} units.
 */
public final class Pace {

    private final int unitsPerSecond;
    private final long startedNanos = System.nanoTime();
    private long spent;

    Pace(int unitsPerSecond) {
        this.unitsPerSecond = unitsPerSecond;
    }

    /** The units a transaction of {@code writes} items costs. */
    static int unitsOf(int writes) {
        return 2 * writes;
    }

    /** Records {@code units} spent, then waits as long as the rate asks. */
    void spent(int units) throws InterruptedException {
        spent += units;
        long dueNanos = spent * 1_000_000_000L / unitsPerSecond;
        long aheadNanos = dueNanos - (System.nanoTime() - startedNanos);
        if (aheadNanos > 0) {
            Thread.sleep(aheadNanos / 1_000_000, (int) (aheadNanos % 1_000_000));
        }
    }
}
