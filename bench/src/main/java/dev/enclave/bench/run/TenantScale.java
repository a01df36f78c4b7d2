package dev.enclave.bench.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.bench.scale.TenantScaleProbe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs the {@link TenantScaleProbe} in its own JVM against the bench server's STS and reads its levels. */
final class TenantScale {

    /** One level: heap used after full GCs and live threads with {@code tenants} scopes cached. */
    record Level(int tenants, long cachedScopes, long heapBytes, int liveThreads, double secondsToVend,
                 List<String> threadNames) {
    }

    private static final int TIMEOUT_MINUTES = 30;

    private TenantScale() {
    }

    private static List<String> names(JsonNode names) {
        List<String> list = new ArrayList<>();
        names.forEach(name -> list.add(name.asText()));
        return list;
    }

    static List<Level> measure(ServerUnderTest server, Path work, List<Integer> counts)
            throws IOException, InterruptedException {
        Path output = work.resolve("scale.json");
        List<String> command = new ArrayList<>(List.of(ServerUnderTest.javaBinary(), "-Xmx2g",
                "-cp", System.getProperty("java.class.path"), TenantScaleProbe.class.getName(),
                server.sts().toString(), server.dynamoDb().toString(), output.toString()));
        counts.forEach(count -> command.add(count.toString()));
        Process probe = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(work.resolve("scale.log").toFile()).start();
        if (!probe.waitFor(TIMEOUT_MINUTES, java.util.concurrent.TimeUnit.MINUTES)) {
            probe.destroyForcibly();
            throw new IllegalStateException("gave up after " + TIMEOUT_MINUTES + " minutes");
        }
        if (probe.exitValue() != 0) {
            throw new IllegalStateException("the scale probe failed; see " + work.resolve("scale.log"));
        }
        List<Level> levels = new ArrayList<>();
        for (JsonNode level : Http.JSON.readTree(Files.readString(output))) {
            levels.add(new Level(level.get("tenants").asInt(), level.get("cachedScopes").asLong(),
                    level.get("heapBytes").asLong(), level.get("liveThreads").asInt(),
                    level.get("secondsToVend").asDouble(), names(level.get("threadNames"))));
        }
        return levels;
    }
}
