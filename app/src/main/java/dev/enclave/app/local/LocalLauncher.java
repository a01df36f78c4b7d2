package dev.enclave.app.local;

import dev.enclave.app.Application;
import dev.enclave.app.infra.startup.Startup;
import dev.enclave.sandbox.LocalAwsSandbox;
import io.micronaut.context.ApplicationContext;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Entry point of {@code enclave-local.jar}: starts the local AWS sandbox (DynamoDB Local in process, persisted
 * under the data directory, {@code enclave.local.data-dir}, default {@code ./.enclave/data}; a local STS; the
 * enforcing DynamoDB gateway, on {@code enclave.local.dynamodb-port} and {@code enclave.local.sts-port} when set),
 * then Enclave in the {@code local} environment pointed at it. Each setting is a system property or its
 * environment variable ({@code ENCLAVE_LOCAL_DYNAMODB_PORT}), see {@link LocalSettings}.
 */
public final class LocalLauncher {

    private static final Logger LOG = LoggerFactory.getLogger(LocalLauncher.class);

    private LocalLauncher() {
    }

    public static void main(String[] args) {
        Path dataDir = Path.of(setting(LocalSettings.DATA_DIR, LocalSettings.DEFAULT_DATA_DIR));
        Running running = start(dataDir, args);
        Runtime.getRuntime().addShutdownHook(new Thread(running::stopSandboxAfterApp, "enclave-local-shutdown"));
    }

    /**
     * Starts the local stack on {@code dataDir}, its sandbox on the ports the settings name (free ones by default);
     * closing the result stops the app, then the sandbox.
     */
    public static Running start(Path dataDir, String... args) {
        return start(dataDir, port(LocalSettings.DYNAMODB_PORT), port(LocalSettings.STS_PORT), args);
    }

    /** Starts the local stack on {@code dataDir} with its sandbox on the given ports (0: a free one). */
    public static Running start(Path dataDir, int dynamoDbPort, int stsPort, String... args) {
        Path absolute = dataDir.toAbsolutePath();
        String table = setting("enclave.table.name", "enclave");
        LocalAwsSandbox sandbox = LocalSandbox.start(Optional.of(absolute.resolve("dynamodb")),
                LocalSandbox.tenantRolePermissions(table), dynamoDbPort, stsPort, Map.of(
                        LocalSettings.INDEX_LAG, setting(LocalSettings.INDEX_LAG, ""),
                        LocalSettings.TRANSACTION_CONFLICTS, setting(LocalSettings.TRANSACTION_CONFLICTS, ""))::get);
        try {
            Map<String, Object> properties = new HashMap<>(LocalSandbox.properties(sandbox));
            properties.put("enclave.local.data-dir", absolute.toString());
            ApplicationContext context = Startup.of(Application.class, args)
                    .environments("local")
                    .properties(properties)
                    .singletons(sandbox.gateway().faults(), sandbox.sts())
                    .start();
            LOG.info("local DynamoDB gateway at {} (the application principal's access key: {}, region {}); local "
                    + "STS at {}", sandbox.dynamoDbEndpoint(), sandbox.application().accessKeyId(),
                    LocalAwsSandbox.REGION, sandbox.stsEndpoint());
            return new Running(context, sandbox);
        } catch (RuntimeException e) {
            sandbox.close();
            throw e;
        }
    }

    /** A setting of the local stack: the system property, else its environment variable, else {@code fallback}. */
    static String setting(String key, String fallback) {
        String property = System.getProperty(key);
        if (property != null && !property.isBlank()) {
            return property;
        }
        String variable = System.getenv(key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_'));
        return variable != null && !variable.isBlank() ? variable : fallback;
    }

    private static int port(String key) {
        String value = setting(key, "0").trim();
        try {
            int port = Integer.parseInt(value);
            if (port >= 0 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException notANumber) {
            // refused below
        }
        throw new IllegalArgumentException(key + " must be a port number (0 for a free one), not '" + value + "'");
    }

    /** The started local stack. */
    public record Running(ApplicationContext context, LocalAwsSandbox sandbox) implements AutoCloseable {

        @Override
        public void close() {
            context.close();
            sandbox.close();
        }

        /**
         * For the JVM shutdown hook: Micronaut's own hook stops the app (closing the context from a second hook
         * deadlocks with it), so this one waits for that, then stops the sandbox.
         */
        void stopSandboxAfterApp() {
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(15);
            while (context.isRunning() && System.nanoTime() < deadline) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            sandbox.close();
        }
    }
}
