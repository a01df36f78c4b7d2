package dev.enclave.app.local;

import dev.enclave.app.Application;
import dev.enclave.app.platform.Startup;
import dev.enclave.tenancy.sandbox.LocalAwsSandbox;
import io.micronaut.context.ApplicationContext;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Entry point of {@code enclave-local.jar}: starts the local AWS sandbox (DynamoDB Local in process, persisted
 * under the data directory, {@code -Denclave.local.data-dir}, default {@code ./.enclave/data}; a local STS; the
 * enforcing DynamoDB gateway), then Enclave in the {@code local} environment pointed at it.
 */
public final class LocalLauncher {

    private static final Logger LOG = LoggerFactory.getLogger(LocalLauncher.class);

    private LocalLauncher() {
    }

    public static void main(String[] args) {
        Path dataDir = Path.of(System.getProperty("enclave.local.data-dir", ".enclave/data"));
        Running running = start(dataDir, args);
        Runtime.getRuntime().addShutdownHook(new Thread(running::stopSandboxAfterApp, "enclave-local-shutdown"));
    }

    /** Starts the local stack on {@code dataDir}; closing the result stops the app, then the sandbox. */
    public static Running start(Path dataDir, String... args) {
        Path absolute = dataDir.toAbsolutePath();
        String table = System.getProperty("enclave.table.name", "enclave");
        LocalAwsSandbox sandbox = LocalSandbox.start(Optional.of(absolute.resolve("dynamodb")),
                LocalSandbox.tenantRolePermissions(table));
        try {
            Map<String, Object> properties = new HashMap<>(LocalSandbox.properties(sandbox));
            properties.put("enclave.local.data-dir", absolute.toString());
            ApplicationContext context = Startup.of(Application.class, args)
                    .environments("local")
                    .properties(properties)
                    .singletons(sandbox.gateway().faults(), sandbox.sts())
                    .start();
            LOG.info("local DynamoDB gateway at {} (the application principal's access key: {}, region {})",
                    sandbox.dynamoDbEndpoint(), sandbox.application().accessKeyId(), LocalAwsSandbox.REGION);
            return new Running(context, sandbox);
        } catch (RuntimeException e) {
            sandbox.close();
            throw e;
        }
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
