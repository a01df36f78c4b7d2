package dev.enclave.bench.run;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Time from launching {@code java -jar} to {@code /health} answering UP: the local run (enclave-local.jar on a fresh
 * data directory: DynamoDB Local in process, table and issuer key created) and a non-local configuration
 * (enclave-app.jar, production settings pointed at the bench server's sandbox: JWKS, STS and DynamoDB over HTTP).
 */
final class StartupMeasurement {

    private static final Duration TIMEOUT = Duration.ofMinutes(2);

    private final Path appTarget;
    private final Path work;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

    StartupMeasurement(Path appTarget, Path work) {
        this.appTarget = appTarget;
        this.work = work;
    }

    List<Double> local(int repetitions) throws IOException, InterruptedException {
        List<Double> seconds = new ArrayList<>();
        for (int i = 0; i < repetitions; i++) {
            Path data = Files.createTempDirectory(work, "startup-local-");
            seconds.add(time(List.of("-Denclave.local.data-dir=" + data, "-jar",
                    appTarget.resolve("enclave-local.jar").toString())));
        }
        return seconds;
    }

    List<Double> nonLocal(int repetitions, ServerUnderTest server, String table) throws IOException,
            InterruptedException {
        List<Double> seconds = new ArrayList<>();
        List<String> settings = AppInstance.settings(server, table);
        for (int i = 0; i < repetitions; i++) {
            List<String> arguments = new ArrayList<>(settings);
            arguments.addAll(List.of("-jar", appTarget.resolve("enclave-app.jar").toString()));
            seconds.add(time(arguments));
        }
        return seconds;
    }

    private double time(List<String> arguments) throws IOException, InterruptedException {
        int port = AppInstance.freePort();
        List<String> command = new ArrayList<>(List.of(ServerUnderTest.javaBinary(), "-Dmicronaut.server.port=" + port));
        command.addAll(arguments);
        long start = System.nanoTime();
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(work.resolve("startup.log").toFile()).start();
        try {
            URI health = URI.create("http://127.0.0.1:" + port + "/health");
            while (!up(health)) {
                if (!process.isAlive() || System.nanoTime() - start > TIMEOUT.toNanos()) {
                    throw new IllegalStateException("did not start: " + command + "; see " + work.resolve("startup.log"));
                }
                Thread.sleep(20);
            }
            return (System.nanoTime() - start) / 1e9;
        } finally {
            process.destroy();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }

    private boolean up(URI health) throws InterruptedException {
        try {
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(health).timeout(Duration.ofSeconds(2))
                    .build(), HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 && response.body().contains("\"UP\"");
        } catch (IOException notYet) {
            return false;
        }
    }
}
