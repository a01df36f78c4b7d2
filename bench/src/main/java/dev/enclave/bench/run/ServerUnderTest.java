package dev.enclave.bench.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.bench.load.Cell;
import dev.enclave.bench.load.CpuReading;
import dev.enclave.bench.load.LoadMatrix;
import dev.enclave.bench.server.BenchServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The {@link BenchServer} in a JVM of its own (the load generator and this orchestrator run in other processes),
 * with the endpoints it reports and what can be read off it: its CPU time and its {@code /bench/stats}.
 */
final class ServerUnderTest implements LoadMatrix.Server, AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofMinutes(3);

    private final Process process;
    private final JsonNode endpoints;
    private final Http scopedApi;

    private ServerUnderTest(Process process, JsonNode endpoints) {
        this.process = process;
        this.endpoints = endpoints;
        this.scopedApi = new Http(scoped());
    }

    /** Starts it with a fresh data directory under {@code work}; its output goes to {@code work/server.log}. */
    static ServerUnderTest start(Path work, List<String> jvmOptions) throws IOException, InterruptedException {
        Path endpointsFile = work.resolve("endpoints.json");
        List<String> command = new ArrayList<>(List.of(javaBinary(), "-cp", System.getProperty("java.class.path")));
        // the bench server stops with this JVM, even when it is interrupted
        Runtime.getRuntime().addShutdownHook(new Thread(() -> ProcessHandle.current().children()
                .forEach(ProcessHandle::destroy), "bench-children-stop"));
        command.addAll(jvmOptions);
        command.addAll(List.of(BenchServer.class.getName(), work.resolve("data").toString(), endpointsFile.toString()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(work.resolve("server.log").toFile()).start();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        try {
            while (!Files.exists(endpointsFile) || Files.size(endpointsFile) == 0) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    throw new IllegalStateException("the bench server did not start; see " + work.resolve("server.log"));
                }
                Thread.sleep(200);
            }
        } catch (RuntimeException | InterruptedException e) {
            process.destroyForcibly();
            throw e;
        }
        return new ServerUnderTest(process, Http.JSON.readTree(Files.readString(endpointsFile)));
    }

    static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    URI scoped() {
        return URI.create(endpoints.get("scoped").asText());
    }

    URI unscoped() {
        return URI.create(endpoints.get("unscoped").asText());
    }

    URI sts() {
        return URI.create(endpoints.get("sts").asText());
    }

    URI dynamoDb() {
        return URI.create(endpoints.get("dynamodb").asText());
    }

    Path dataDir() {
        return Path.of(endpoints.get("dataDir").asText());
    }

    @Override
    public URI target(String path) {
        return Cell.UNSCOPED.equals(path) ? unscoped() : scoped();
    }

    /** The process's CPU time so far, and its threads' by component (read first). */
    @Override
    public CpuReading cpu() {
        JsonNode stats = stats();
        Map<Long, CpuReading.ThreadTime> threads = new HashMap<>();
        stats.get("threadCpu").forEach(thread -> threads.put(thread.get("id").asLong(),
                new CpuReading.ThreadTime(thread.get("component").asText(), thread.get("nanos").asLong())));
        return new CpuReading(processCpu(), threads,
                Duration.ofNanos(stats.get("gatewayAuthorizationCpuNanos").asLong()));
    }

    /** The process's CPU time so far, read off the operating system alone (no request to the server). */
    Duration processCpu() {
        return process.toHandle().info().totalCpuDuration().orElseThrow(
                () -> new IllegalStateException("this platform does not report process CPU time"));
    }

    /** What the scoped application reports: AssumeRole calls, cached scopes, credential lifetime, thread CPU. */
    JsonNode stats() {
        return scopedApi.get("/bench/stats", null).expect(200, "bench stats").json();
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    static void writeLines(Path file, List<String> lines) {
        try {
            Files.write(file, lines);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
