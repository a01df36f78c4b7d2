package dev.enclave.bench.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

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

    /** The value at {@code quantile} (0..1) of {@code values}, nearest rank. */
    static double quantile(List<Double> values, double quantile) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int rank = (int) Math.ceil(quantile * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
    }
}
