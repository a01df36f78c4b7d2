package dev.enclave.bench.run;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs the JMH benchmarks of {@code dev.enclave.bench.micro} (JMH forks its own JVM) and reads their JSON. */
final class MicroBenchmarks {

    /** One benchmark's score with JMH's 99.9% error, and its raw iteration scores. */
    record Score(String benchmark, double score, double error, String unit, List<Double> iterations) {
    }

    private static final int TIMEOUT_MINUTES = 30;

    private MicroBenchmarks() {
    }

    static List<Score> run(Path work, String jmhArguments) throws IOException, InterruptedException {
        Path output = work.resolve("jmh.json");
        List<String> command = new ArrayList<>(List.of(ServerUnderTest.javaBinary(),
                "-cp", System.getProperty("java.class.path"), "org.openjdk.jmh.Main", "dev.enclave.bench.micro"));
        command.addAll(List.of(jmhArguments.split(" ")));
        command.addAll(List.of("-rf", "json", "-rff", output.toString()));
        Process jmh = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(work.resolve("jmh.log").toFile()).start();
        if (!jmh.waitFor(TIMEOUT_MINUTES, java.util.concurrent.TimeUnit.MINUTES)) {
            jmh.destroyForcibly();
            throw new IllegalStateException("gave up after " + TIMEOUT_MINUTES + " minutes");
        }
        if (jmh.exitValue() != 0) {
            throw new IllegalStateException("JMH failed; see " + work.resolve("jmh.log"));
        }
        List<Score> scores = new ArrayList<>();
        for (JsonNode run : Http.JSON.readTree(Files.readString(output))) {
            JsonNode metric = run.get("primaryMetric");
            List<Double> iterations = new ArrayList<>();
            metric.get("rawData").forEach(fork -> fork.forEach(value -> iterations.add(value.asDouble())));
            String name = run.get("benchmark").asText().replace("dev.enclave.bench.micro.", "");
            scores.add(new Score(name, metric.get("score").asDouble(), metric.get("scoreError").asDouble(),
                    metric.get("scoreUnit").asText(), iterations));
        }
        return scores;
    }
}
