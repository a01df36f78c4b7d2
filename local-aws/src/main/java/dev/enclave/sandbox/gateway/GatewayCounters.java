package dev.enclave.sandbox.gateway;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The gateway's decisions per operation (allowed = forwarded; denied = refused for any reason), and the CPU time its
 * IAM decisions took.
 */
final class GatewayCounters {

    private final Map<String, LongAdder> allowed = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> denied = new ConcurrentHashMap<>();
    private final LongAdder forwarded = new LongAdder();
    private final LongAdder authorizationCpuNanos = new LongAdder();

    void allowed(String operation) {
        allowed.computeIfAbsent(operation, k -> new LongAdder()).increment();
    }

    void denied(String operation) {
        denied.computeIfAbsent(operation, k -> new LongAdder()).increment();
    }

    void forwarded() {
        forwarded.increment();
    }

    void authorized(long cpuNanos) {
        authorizationCpuNanos.add(cpuNanos);
    }

    long authorizationCpuNanos() {
        return authorizationCpuNanos.sum();
    }

    long allowedCount(String operation) {
        return count(allowed, operation);
    }

    long deniedCount(String operation) {
        return count(denied, operation);
    }

    long forwardedCount() {
        return forwarded.sum();
    }

    private static long count(Map<String, LongAdder> counts, String operation) {
        LongAdder count = counts.get(operation);
        return count == null ? 0 : count.sum();
    }
}
