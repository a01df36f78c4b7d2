package dev.enclave.bench.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.enclave.app.Application;
import dev.enclave.app.local.LocalSandbox;
import dev.enclave.sandbox.LocalAwsSandbox;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.Micronaut;
import io.micronaut.runtime.server.EmbeddedServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The system under test of {@code bench/run}: the local AWS sandbox as the local run starts it (DynamoDB Local
 * persisted under the data directory, local STS, enforcing gateway) and two Enclave applications on it in this one
 * JVM — the normal, scoped one and the {@link UnscopedBaseline} — so both share DynamoDB Local, the JIT and the
 * machine, and a comparison between them measures only the isolation path. Writes its endpoints as JSON to the
 * file named by the second argument and runs until the process is stopped.
 */
public final class BenchServer {

    /** The table both applications use. */
    public static final String TABLE = "enclave";
    /** Whether the unscoped baseline starts beside the scoped application (default true). */
    public static final String BASELINE_PROPERTY = "enclave.bench.baseline";
    /**
     * {@code off} sends every transaction without its event ({@link NoEvents}): the comparison {@code bench/run
     * --events} measures events against. Unset, events are recorded as the product records them.
     */
    public static final String EVENTS_PROPERTY = "enclave.bench.events";

    private BenchServer() {
    }

    public static void main(String[] args) throws IOException {
        Running running = start(Path.of(args[0]));
        Map<String, String> endpoints = new LinkedHashMap<>();
        endpoints.put("scoped", uri(running.scoped()));
        running.unscoped().ifPresent(unscoped -> endpoints.put("unscoped", uri(unscoped)));
        endpoints.put("sts", running.sandbox().stsEndpoint().toString());
        endpoints.put("dynamodb", running.sandbox().dynamoDbEndpoint().toString());
        endpoints.put("dataDir", Path.of(args[0]).toAbsolutePath().toString());
        Files.writeString(Path.of(args[1]), new ObjectMapper().writeValueAsString(endpoints));
        Runtime.getRuntime().addShutdownHook(new Thread(running.sandbox()::close, "bench-sandbox-stop"));
    }

    /** The sandbox and the applications; closing stops the applications, then the sandbox. */
    public record Running(LocalAwsSandbox sandbox, ApplicationContext scoped, Optional<ApplicationContext> unscoped)
            implements AutoCloseable {

        @Override
        public void close() {
            unscoped.ifPresent(ApplicationContext::close);
            scoped.close();
            sandbox.close();
        }
    }

    /**
     * Starts the sandbox on {@code dataDir} and the two applications on it, each on a free loopback port; only the
     * scoped one when {@value #BASELINE_PROPERTY} is {@code false} (a cell that counts the instances running jobs on
     * the table must know them all, and the baseline runs jobs too).
     */
    public static Running start(Path dataDir) throws IOException {
        Path absolute = dataDir.toAbsolutePath();
        LocalAwsSandbox sandbox = LocalSandbox.start(Optional.of(absolute.resolve("dynamodb")),
                LocalSandbox.tenantRolePermissions(TABLE));
        ApplicationContext scoped = start(sandbox, absolute, "local", BenchStatsController.ENVIRONMENT);
        publishedKeys(scoped);
        if (!Boolean.parseBoolean(System.getProperty(BASELINE_PROPERTY, "true"))) {
            return new Running(sandbox, scoped, Optional.empty());
        }
        ApplicationContext unscoped = start(sandbox, absolute, "local", BenchStatsController.ENVIRONMENT,
                UnscopedBaseline.ENVIRONMENT);
        publishedKeys(unscoped);
        return new Running(sandbox, scoped, Optional.of(unscoped));
    }

    private static ApplicationContext start(LocalAwsSandbox sandbox, Path dataDir, String... environments) {
        Map<String, Object> properties = new HashMap<>(LocalSandbox.properties(sandbox));
        properties.put("enclave.local.data-dir", dataDir.toString());
        properties.put("enclave.table.name", TABLE);
        properties.put("micronaut.server.host", "127.0.0.1");
        properties.put("micronaut.server.port", -1);
        // the cells measure Enclave's own cost against the raw floor, not its request limits (off unless asked)
        properties.put("enclave.limits.enabled", System.getProperty("enclave.limits.enabled", "false"));
        return Micronaut.build(new String[0])
                .mainClass(Application.class)
                .environments(environments)
                .properties(properties)
                .singletons(sandbox)
                .start();
    }

    /**
     * Fetches the application's JWKS, which makes it create (the first) or load (the second) the local issuer's key
     * in the shared data directory — one after the other, so they never race to create it — before any token is
     * minted from the key file.
     */
    private static void publishedKeys(ApplicationContext context) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(uri(context)).resolve("/.well-known/jwks.json")).build();
        try {
            int status = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
            if (status != 200) {
                throw new IllegalStateException("the local issuer's keys answered " + status);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** Where an application listens. */
    public static String uri(ApplicationContext context) {
        return context.getBean(EmbeddedServer.class).getURI().toString();
    }
}
