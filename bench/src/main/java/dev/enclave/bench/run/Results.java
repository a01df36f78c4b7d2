package dev.enclave.bench.run;

import com.fasterxml.jackson.databind.SerializationFeature;
import dev.enclave.bench.load.Cell;
import dev.enclave.bench.load.Sample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Everything one run of {@code bench/run} measured; written as {@code bench/results/latest.json}. */
record Results(Environment environment, Method method, List<CellResult> cells, List<Ratio> ratios,
               Credentials credentials, BackendPolling.Result backendPolling, List<TenantScale.Level> tenantScale, List<CostPerOperation.Row> costPerOperation,
               List<MicroBenchmarks.Score> microBenchmarks, StartupTimes startup,
               List<RefusedRequests.Row> refusedRequests, NoisyNeighbour.Result noisyNeighbour,
               NoisyNeighbour.Result noisyNeighbourSaturated, TenantSize.Result tenantSize,
               JoinBursts.Result joinBursts, EventCost.Result events, WebhookDelivery.Result webhooks,
               PermissionCheck.Result permissions) {

    /** Where and when. */
    record Environment(String date, String commit, String java, int cores, String os, String command) {
    }

    /** How the load was applied. */
    record Method(int wrkThreads, int connections, int rounds, double warmUpSecondsPerCell, double leadInSeconds,
                  double segmentSeconds, int tenantsSeeded, double matrixSeconds, int costWalks) {
    }

    /** A cell's samples and their spreads. */
    record CellResult(Cell cell, List<Sample> samples, Spread throughput, Spread p50Ms, Spread p99Ms,
                      Spread cpuMsPerRequest, Spread sandboxIamMsPerRequest, long errors) {


        static CellResult of(Cell cell, List<Sample> samples) {
            return new CellResult(cell, samples, spread(samples, Sample::throughput), spread(samples, Sample::p50Ms),
                    spread(samples, Sample::p99Ms), spread(samples, Sample::cpuMsPerRequest),
                    spread(samples, Sample::sandboxIamMsPerRequest), samples.stream().mapToLong(Sample::errors).sum());
        }

        private static Spread spread(List<Sample> samples, java.util.function.ToDoubleFunction<Sample> value) {
            return Spread.of(samples.stream().map(s -> value.applyAsDouble(s)).toList());
        }
    }

    /** Per-round ratios of two cells measured back to back: numerator ÷ denominator. */
    /**
     * Per-round comparisons of two cells measured back to back: ratios numerator ÷ denominator, and the extra server
     * CPU per request (numerator − denominator, in ms) with the part of it the sandbox's IAM evaluation took.
     */
    record Ratio(String name, Cell numerator, Cell denominator, Spread throughput, Spread p50, Spread p99,
                 Spread cpuPerRequest, Spread extraCpuMs, Spread extraSandboxIamMs) {

        static Ratio of(String name, CellResult numerator, CellResult denominator) {
            List<Sample> a = numerator.samples();
            List<Sample> b = denominator.samples();
            return new Ratio(name, numerator.cell(), denominator.cell(),
                    perRound(a, b, Sample::throughput, true), perRound(a, b, Sample::p50Ms, true),
                    perRound(a, b, Sample::p99Ms, true), perRound(a, b, Sample::cpuMsPerRequest, true),
                    perRound(a, b, Sample::cpuMsPerRequest, false), perRound(a, b, Sample::sandboxIamMsPerRequest, false));
        }

        private static Spread perRound(List<Sample> a, List<Sample> b, java.util.function.ToDoubleFunction<Sample> v,
                                       boolean ratio) {
            return Spread.of(java.util.stream.IntStream.range(0, Math.min(a.size(), b.size()))
                    .mapToObj(i -> ratio ? v.applyAsDouble(a.get(i)) / v.applyAsDouble(b.get(i))
                            : v.applyAsDouble(a.get(i)) - v.applyAsDouble(b.get(i))).toList());
        }
    }

    /**
     * Cold vs warm first requests, and the AssumeRole accounting of the run up to the cold probe.
     *
     * @param tenantsServed          the tenants the scoped application served (matrix and cold probe)
     * @param assumeRoleBound        tenants served × ⌈run time ÷ credential lifetime⌉
     * @param assumeRoleBoundRefresh tenants served × ⌈run time ÷ (lifetime − refresh ahead)⌉, as the cache refreshes
     */
    record Credentials(Map<String, Double> coldMs, Map<String, Double> warmMs, int coldTenants,
                       long assumeRoleDuringColdProbe, long assumeRoleDuringMeasuredLoad, long assumeRoleTotal,
                       long scopesCached, int tenantsServed, double runSeconds, long credentialLifetimeSeconds,
                       long refreshAheadSeconds, long assumeRoleBound, long assumeRoleBoundRefresh) {
    }

    /** Seconds from {@code java -jar} to {@code /health} UP. */
    record StartupTimes(List<Double> localSeconds, Spread local, List<Double> nonLocalSeconds, Spread nonLocal) {
    }

    void write(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        Http.JSON.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), this);
    }

    CellResult cell(String workload, String path, int tenants) {
        return cells.stream().filter(c -> c.cell().equals(new Cell(workload, path, tenants))).findFirst().orElseThrow();
    }
}
