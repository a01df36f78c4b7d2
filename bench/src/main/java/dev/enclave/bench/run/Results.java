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
               Credentials credentials, List<TenantScale.Level> tenantScale, List<CostPerOperation.Row> costPerOperation,
               List<MicroBenchmarks.Score> microBenchmarks, StartupTimes startup) {

    /** Where and when. */
    record Environment(String date, String commit, String java, int cores, String os, String command) {
    }

    /** How the load was applied. */
    record Method(int wrkThreads, int connections, int rounds, double warmUpSecondsPerCell, double leadInSeconds,
                  double segmentSeconds, int tenantsSeeded, double matrixSeconds, int costWalks) {
    }

    /** A cell's samples and their spreads. */
    record CellResult(Cell cell, List<Sample> samples, Spread throughput, Spread p50Ms, Spread p99Ms,
                      Spread cpuMsPerRequest, long errors) {

        static CellResult of(Cell cell, List<Sample> samples) {
            return new CellResult(cell, samples, spread(samples, Sample::throughput), spread(samples, Sample::p50Ms),
                    spread(samples, Sample::p99Ms), spread(samples, Sample::cpuMsPerRequest),
                    samples.stream().mapToLong(Sample::errors).sum());
        }

        private static Spread spread(List<Sample> samples, java.util.function.ToDoubleFunction<Sample> value) {
            return Spread.of(samples.stream().map(s -> value.applyAsDouble(s)).toList());
        }
    }

    /** Per-round ratios of two cells measured back to back: numerator ÷ denominator. */
    record Ratio(String name, Cell numerator, Cell denominator, Spread throughput, Spread p50, Spread p99,
                 Spread cpuPerRequest) {

        static Ratio of(String name, CellResult numerator, CellResult denominator) {
            List<Sample> a = numerator.samples();
            List<Sample> b = denominator.samples();
            return new Ratio(name, numerator.cell(), denominator.cell(),
                    ratios(a, b, Sample::throughput), ratios(a, b, Sample::p50Ms), ratios(a, b, Sample::p99Ms),
                    ratios(a, b, Sample::cpuMsPerRequest));
        }

        private static Spread ratios(List<Sample> a, List<Sample> b, java.util.function.ToDoubleFunction<Sample> v) {
            return Spread.of(java.util.stream.IntStream.range(0, Math.min(a.size(), b.size()))
                    .mapToObj(i -> v.applyAsDouble(a.get(i)) / v.applyAsDouble(b.get(i))).toList());
        }
    }

    /**
     * Cold vs warm first requests, and the AssumeRole accounting of the whole run.
     *
     * @param assumeRoleBound tenants served × ⌈run time ÷ credential lifetime⌉
     */
    record Credentials(Map<String, Double> coldMs, Map<String, Double> warmMs, int coldTenants,
                       long assumeRoleDuringColdProbe, long assumeRoleDuringMeasuredLoad, long assumeRoleTotal,
                       long scopesCached, double runSeconds, double credentialLifetimeSeconds, long assumeRoleBound) {
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
