package dev.enclave.bench.load;

/**
 * One measured segment of a cell.
 *
 * @param throughput       requests per second
 * @param cpuMsPerRequest  the server process's CPU time over the segment, per request
 * @param errors           socket errors plus HTTP statuses of 400 and above (and, for writes, failed steps)
 */
public record Sample(int round, double throughput, double p50Ms, double p99Ms, double cpuMsPerRequest,
                     long requests, long errors) {
}
