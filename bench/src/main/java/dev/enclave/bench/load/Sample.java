package dev.enclave.bench.load;

import java.util.Map;

/**
 * One measured segment of a cell.
 *
 * @param throughput  requests per second
 * @param cpuMs       the server process's CPU time over the segment per request: {@code total} and by component (see
 *                    {@link CpuReading}); {@code sandbox-iam} is part of {@code gateway}
 * @param errors      socket errors plus HTTP statuses of 400 and above (and, for writes, answers of the wrong shape)
 */
public record Sample(int round, double throughput, double p50Ms, double p99Ms, Map<String, Double> cpuMs,
                     long requests, long errors) {

    public Sample {
        cpuMs = Map.copyOf(cpuMs);
    }

    public double cpuMsPerRequest() {
        return cpuMs.get("total");
    }

    public double sandboxIamMsPerRequest() {
        return cpuMs.getOrDefault(CpuReading.SANDBOX_IAM, 0.0);
    }
}
