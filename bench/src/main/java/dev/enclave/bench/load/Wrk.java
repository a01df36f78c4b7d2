package dev.enclave.bench.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The load generator: {@code wrk} (Debian's package) in a process of its own, a fixed number of connections for a
 * fixed time against a loopback URL, driven by one of the Lua scripts in {@code bench/wrk}, whose {@code done}
 * prints one {@code WRK_RESULT} JSON line.
 */
public final class Wrk {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String RESULT = "WRK_RESULT ";

    /** One run: totals, latency percentiles (closed loop, so these are service times under load) and counters. */
    public record Result(long requests, double seconds, long socketErrors, long statusErrors, double p50Ms,
                         double p90Ms, double p99Ms, double meanMs, double maxMs, Map<String, Long> counters) {

        public double throughput() {
            return requests / seconds;
        }

        public long counter(String name) {
            return counters.getOrDefault(name, 0L);
        }
    }

    private final Path scripts;
    private final int threads;
    private final int connections;

    public Wrk(Path scripts, int threads, int connections) {
        this.scripts = scripts;
        this.threads = threads;
        this.connections = connections;
    }

    public int threads() {
        return threads;
    }

    public int connections() {
        return connections;
    }

    /** Runs {@code script} against {@code base} for {@code duration} with the script's {@code arguments}. */
    public Result run(URI base, String script, Duration duration, List<String> arguments)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("wrk", "-t" + threads, "-c" + connections,
                "-d" + duration.toSeconds() + "s", "--timeout", "30s", "-s", scripts.resolve(script).toString(),
                base.toString(), "--"));
        command.addAll(arguments);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("ENCLAVE_WRK_DIR", scripts.toAbsolutePath().toString());
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0 || !output.contains(RESULT)) {
            throw new IllegalStateException("wrk failed: " + command + "\n" + output);
        }
        String line = output.substring(output.indexOf(RESULT) + RESULT.length()).lines().findFirst().orElseThrow();
        return parse(JSON.readTree(line));
    }

    private static Result parse(JsonNode json) {
        Map<String, Long> counters = new LinkedHashMap<>();
        json.fields().forEachRemaining(field -> counters.put(field.getKey(), field.getValue().asLong()));
        return new Result(json.get("requests").asLong(), json.get("duration_us").asLong() / 1e6,
                json.get("socket_errors").asLong(), json.get("status_errors").asLong(),
                json.get("p50_us").asLong() / 1e3, json.get("p90_us").asLong() / 1e3, json.get("p99_us").asLong() / 1e3,
                json.get("mean_us").asDouble() / 1e3, json.get("max_us").asLong() / 1e3, counters);
    }
}
