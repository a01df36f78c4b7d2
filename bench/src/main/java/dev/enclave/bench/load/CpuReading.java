package dev.enclave.bench.load;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The server process's CPU time, and how its threads share it by component: {@code app} (Micronaut's event loops
 * and executors), {@code gateway} (the sandbox's enforcing DynamoDB endpoint, forwarding included), of which
 * {@code sandbox-iam} (its IAM decisions), {@code dynamodb-local}, {@code sts} and {@code other} threads. What no
 * thread accounts for (the JIT compilers and the garbage collector) is {@code jvm}.
 */
public record CpuReading(Duration process, Map<String, Duration> components) {

    public CpuReading {
        components = Map.copyOf(components);
    }

    public CpuReading minus(CpuReading earlier) {
        Map<String, Duration> difference = new LinkedHashMap<>();
        components.forEach((name, time) -> difference.put(name,
                time.minus(earlier.components().getOrDefault(name, Duration.ZERO))));
        return new CpuReading(process.minus(earlier.process()), difference);
    }

    /** Milliseconds per request: {@code total}, each component, and {@code jvm} (the rest). */
    public Map<String, Double> perRequestMs(long requests) {
        double n = Math.max(1, requests);
        Map<String, Double> perRequest = new LinkedHashMap<>();
        perRequest.put("total", process.toNanos() / 1e6 / n);
        Duration threads = Duration.ZERO;
        for (Map.Entry<String, Duration> component : components.entrySet()) {
            perRequest.put(component.getKey(), component.getValue().toNanos() / 1e6 / n);
            if (!component.getKey().equals(SANDBOX_IAM)) {
                threads = threads.plus(component.getValue());
            }
        }
        perRequest.put("jvm", Math.max(0, process.minus(threads).toNanos()) / 1e6 / n);
        return perRequest;
    }

    /** The component inside {@code gateway} that IAM evaluation takes. */
    public static final String SANDBOX_IAM = "sandbox-iam";
}
