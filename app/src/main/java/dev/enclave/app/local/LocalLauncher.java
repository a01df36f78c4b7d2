package dev.enclave.app.local;

import dev.enclave.app.Application;
import dev.enclave.tenancy.sandbox.EmbeddedDynamoDb;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.Micronaut;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Entry point of {@code enclave-local.jar}: starts DynamoDB Local in process (persisted under the data
 * directory, {@code -Denclave.local.data-dir}, default {@code ./.enclave/data}), then Enclave in the
 * {@code local} environment pointed at it.
 */
public final class LocalLauncher {

    private LocalLauncher() {
    }

    public static void main(String[] args) {
        Path dataDir = Path.of(System.getProperty("enclave.local.data-dir", ".enclave/data"));
        Running running = start(dataDir, Integer.getInteger("enclave.local.dynamodb-port", 0), args);
        Runtime.getRuntime().addShutdownHook(new Thread(running::stopDatabaseAfterApp, "enclave-local-shutdown"));
    }

    /** Starts the local stack on {@code dataDir}; closing the result stops the app, then the database. */
    public static Running start(Path dataDir, int dynamoDbPort, String... args) {
        Path absolute = dataDir.toAbsolutePath();
        EmbeddedDynamoDb dynamoDb = EmbeddedDynamoDb.start(Optional.of(absolute.resolve("dynamodb")), dynamoDbPort);
        try {
            ApplicationContext context = Micronaut.build(args)
                    .mainClass(Application.class)
                    .environments("local")
                    .properties(Map.of(
                            "enclave.local.data-dir", absolute.toString(),
                            "aws.services.dynamodb.endpoint-override", dynamoDb.endpoint().toString()))
                    .start();
            return new Running(context, dynamoDb);
        } catch (RuntimeException e) {
            dynamoDb.close();
            throw e;
        }
    }

    /** The started local stack. */
    public record Running(ApplicationContext context, EmbeddedDynamoDb dynamoDb) implements AutoCloseable {

        @Override
        public void close() {
            context.close();
            dynamoDb.close();
        }

        /**
         * For the JVM shutdown hook: Micronaut's own hook stops the app (closing the context from a second hook
         * deadlocks with it), so this one waits for that, then stops the database.
         */
        void stopDatabaseAfterApp() {
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(15);
            while (context.isRunning() && System.nanoTime() < deadline) {
                Thread.onSpinWait();
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            dynamoDb.close();
        }
    }
}
