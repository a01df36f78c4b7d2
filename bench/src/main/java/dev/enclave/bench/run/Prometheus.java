package dev.enclave.bench.run;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A scrape of {@code /prometheus}: every sample as metric name → labels → value. */
record Prometheus(Map<String, Map<Map<String, String>, Double>> samples) {

    private static final Pattern LINE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})?\\s+(\\S+)$");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    static Prometheus scrape(Http app) {
        Map<String, Map<Map<String, String>, Double>> samples = new HashMap<>();
        app.get("/prometheus", null).expect(200, "scrape").body().lines()
                .filter(line -> !line.startsWith("#"))
                .map(LINE::matcher)
                .filter(Matcher::matches)
                .forEach(m -> samples.computeIfAbsent(m.group(1), k -> new HashMap<>())
                        .put(labels(m.group(2)), Double.parseDouble(m.group(3))));
        return new Prometheus(samples);
    }

    /** The metric's samples, summed by the value of {@code keyLabels} (joined with a space). */
    Map<String, Double> sumBy(String metric, String... keyLabels) {
        Map<String, Double> sums = new TreeMap<>();
        samples.getOrDefault(metric, Map.of()).forEach((labels, value) -> {
            StringBuilder key = new StringBuilder();
            for (String label : keyLabels) {
                key.append(key.isEmpty() ? "" : " ").append(labels.getOrDefault(label, ""));
            }
            sums.merge(key.toString(), value, Double::sum);
        });
        return sums;
    }

    /**
     * How much the metric grew since {@code earlier}, summed by {@code keyLabels} as {@link #sumBy} sums; keys that
     * did not grow are left out.
     */
    Map<String, Double> increase(Prometheus earlier, String metric, String... keyLabels) {
        Map<String, Double> before = earlier.sumBy(metric, keyLabels);
        Map<String, Double> grown = new TreeMap<>();
        sumBy(metric, keyLabels).forEach((key, value) -> {
            double delta = value - before.getOrDefault(key, 0.0);
            if (delta > 0) {
                grown.put(key, delta);
            }
        });
        return grown;
    }

    private static Map<String, String> labels(String text) {
        Map<String, String> labels = new HashMap<>();
        if (text != null) {
            Matcher label = LABEL.matcher(text);
            while (label.find()) {
                labels.put(label.group(1), label.group(2));
            }
        }
        return labels;
    }
}
