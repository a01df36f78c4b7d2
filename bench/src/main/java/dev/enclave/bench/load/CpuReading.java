package dev.enclave.bench.load;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The server process's CPU time, its live threads' CPU time (by thread id, with the component each belongs to:
 * {@code app}, {@code gateway}, {@code dynamodb-local}, {@code sts}, {@code other}) and the CPU time of the gateway's
 * IAM decisions ({@code sandbox-iam}, inside {@code gateway}). Differences are taken thread by thread, so a thread
 * that ends during a segment takes its share with it into {@code jvm}, which also holds the JIT compilers and the
 * garbage collector: what no live thread accounts for.
 */
public record CpuReading(Duration process, Map<Long, ThreadTime> threads, Duration sandboxIam) {

    /** The component inside {@code gateway} that IAM evaluation takes. */
    public static final String SANDBOX_IAM = "sandbox-iam";

    /** One thread's component and CPU time so far. */
    public record ThreadTime(String component, long nanos) {
    }

    public CpuReading {
        threads = Map.copyOf(threads);
    }

    /** Milliseconds per request over the interval since {@code earlier}: {@code total}, each component, {@code jvm}. */
    public Map<String, Double> perRequestMsSince(CpuReading earlier, long requests) {
        double n = Math.max(1, requests) * 1e6;
        Map<String, Long> byComponent = new LinkedHashMap<>();
        threads.forEach((id, now) -> byComponent.merge(now.component(),
                now.nanos() - earlier.threads().getOrDefault(id, new ThreadTime(now.component(), 0)).nanos(),
                Long::sum));
        long processNanos = process.minus(earlier.process()).toNanos();
        long threadNanos = byComponent.values().stream().mapToLong(Long::longValue).sum();
        Map<String, Double> perRequest = new LinkedHashMap<>();
        perRequest.put("total", processNanos / n);
        byComponent.forEach((component, nanos) -> perRequest.put(component, nanos / n));
        perRequest.put(SANDBOX_IAM, sandboxIam.minus(earlier.sandboxIam()).toNanos() / n);
        perRequest.put("jvm", Math.max(0, processNanos - threadNanos) / n);
        return perRequest;
    }
}
