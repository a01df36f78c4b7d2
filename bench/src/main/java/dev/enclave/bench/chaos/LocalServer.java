package dev.enclave.bench.chaos;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code enclave-local.jar} in a process of its own, on loopback, with its data directory kept across kills: what
 * a user runs, killed with SIGKILL and started again. Its DynamoDB gateway keeps one port across restarts, so the
 * run can read the table directly ({@link #dynamoDb()}) whichever start is serving.
 */
final class LocalServer implements AutoCloseable {

    private static final Duration READY_TIMEOUT = Duration.ofMinutes(2);

    private final Path jar;
    private final Path dataDir;
    private final Path log;
    private final int port;
    private final int dynamoDbPort;
    private final List<String> properties;
    private final List<Long> killedAt = new ArrayList<>();
    private Process process;

    LocalServer(Path jar, Path work, List<String> properties) throws IOException {
        this.jar = jar;
        this.dataDir = work.resolve("data");
        this.log = work.resolve("server.log");
        this.port = freePort();
        this.dynamoDbPort = freePort();
        this.properties = List.copyOf(properties);
    }

    URI base() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** The local DynamoDB endpoint (the enforcing gateway). */
    URI dynamoDb() {
        return URI.create("http://127.0.0.1:" + dynamoDbPort);
    }

    /** Starts it and waits until its readiness (the table check included) answers UP; returns how long that took. */
    Duration start() throws IOException, InterruptedException {
        long started = System.nanoTime();
        List<String> command = new ArrayList<>(List.of(javaBinary(), "-Xmx1g",
                "-Dmicronaut.server.port=" + port, "-Dmicronaut.server.host=127.0.0.1",
                "-Denclave.local.data-dir=" + dataDir, "-Denclave.local.dynamodb-port=" + dynamoDbPort));
        command.addAll(properties);
        command.addAll(List.of("-jar", jar.toString()));
        process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        awaitReady(started);
        return Duration.ofNanos(System.nanoTime() - started);
    }

    /** SIGKILL: no shutdown hook, no flush, nothing finishes. */
    void kill() throws InterruptedException {
        killedAt.add(System.nanoTime());
        process.destroyForcibly();
        process.waitFor();
    }

    /** When each kill was sent ({@link System#nanoTime()}), in order. */
    List<Long> killedAt() {
        return List.copyOf(killedAt);
    }

    private void awaitReady(long started) throws InterruptedException {
        Client probe = new Client(base(), new Tally());
        while (System.nanoTime() - started < READY_TIMEOUT.toNanos()) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the server exited; see " + log);
            }
            if (probe.get("/health/readiness", null).is(200)) {
                return;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the server was not ready within " + READY_TIMEOUT + "; see " + log);
    }

    @Override
    public void close() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroy();
            process.waitFor();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
