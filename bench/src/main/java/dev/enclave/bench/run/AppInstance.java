package dev.enclave.bench.run;

import dev.enclave.app.infra.sealing.ResponseSeal;
import dev.enclave.app.local.LocalSandbox;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Another Enclave instance in a process of its own: {@code enclave-app.jar} with production settings (JWKS, STS and
 * DynamoDB reached over HTTP) pointed at a bench server's sandbox, so it shares that server's table and data with
 * the application inside it, as instances behind a load balancer share one table.
 */
final class AppInstance implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofMinutes(2);
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    /** One sealing key and one cursor key for every instance of a run, as instances sharing a table must have. */
    private static final String SEALING_KEY = ResponseSeal.newKey(new SecureRandom());
    private static final String CURSOR_KEY = ResponseSeal.newKey(new SecureRandom());

    private final Process process;
    private final URI base;

    private AppInstance(Process process, URI base) {
        this.process = process;
        this.base = base;
    }

    /** The settings pointing {@code enclave-app.jar} at {@code server}'s sandbox and issuer, on table {@code table}. */
    static List<String> settings(ServerUnderTest server, String table) {
        return List.of(
                "-Daws.region=us-east-1", "-Daws.accessKeyId=local", "-Daws.secretAccessKey=local",
                "-Daws.secretKey=local",
                "-Daws.services.dynamodb.endpoint-override=" + server.dynamoDb(),
                "-Denclave.tenancy.sts-endpoint=" + server.sts(),
                "-Denclave.tenancy.dynamodb-endpoint=" + server.dynamoDb(),
                "-Denclave.tenancy.role-arn=" + LocalSandbox.TENANT_ROLE,
                "-Denclave.tenancy.table-arn=" + LocalSandbox.tableArn(table).value(),
                "-Denclave.table.name=" + table,
                "-Denclave.auth.jwks-url=" + server.scoped().resolve("/.well-known/jwks.json"),
                "-Denclave.auth.issuer=enclave-local", "-Denclave.auth.audience=enclave",
                "-Denclave.idempotency.sealing-keys=" + SEALING_KEY, "-Denclave.cursor-key=" + CURSOR_KEY);
    }

    /**
     * Starts {@code jar} with {@code server}'s settings and {@code extra} JVM options on a free loopback port, and
     * waits for {@code /health} to answer UP; its output goes to {@code log}.
     */
    static AppInstance start(Path jar, ServerUnderTest server, String table, List<String> extra, Path log)
            throws IOException, InterruptedException {
        int port = freePort();
        List<String> command = new ArrayList<>(List.of(ServerUnderTest.javaBinary(),
                "-Dmicronaut.server.port=" + port, "-Dmicronaut.server.host=127.0.0.1"));
        command.addAll(settings(server, table));
        command.addAll(extra);
        command.addAll(List.of("-jar", jar.toString()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        AppInstance instance = new AppInstance(process, URI.create("http://127.0.0.1:" + port));
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (!instance.up()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                instance.close();
                throw new IllegalStateException("the second instance did not start; see " + log);
            }
            Thread.sleep(50);
        }
        return instance;
    }

    URI base() {
        return base;
    }

    private boolean up() throws InterruptedException {
        try {
            HttpResponse<String> health = CLIENT.send(HttpRequest.newBuilder(base.resolve("/health"))
                    .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString());
            return health.statusCode() == 200 && health.body().contains("\"UP\"");
        } catch (IOException notYet) {
            return false;
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(40, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
