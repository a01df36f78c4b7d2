package dev.enclave.bench.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** Median, minimum and maximum of repeated measurements — what every figure in the report states. */
record Spread(double median, double min, double max, int n) {

    static Spread of(List<Double> values) {
        if (values.isEmpty()) {
            return new Spread(Double.NaN, Double.NaN, Double.NaN, 0);
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        double median = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
        return new Spread(median, sorted.get(0), sorted.get(n - 1), n);
    }

    /** p50, p90, p99 and max of latencies, as the report's latency rows read them. */
    static Map<String, Double> percentiles(List<Double> values) {
        return Map.of("p50", quantile(values, 0.5), "p90", quantile(values, 0.9), "p99", quantile(values, 0.99),
                "max", quantile(values, 1.0));
    }

    /** The value at {@code quantile} (0..1) of {@code values}, nearest rank. */
    static double quantile(List<Double> values, double quantile) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int rank = (int) Math.ceil(quantile * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
    }
}
