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
        Path dataDir = Path.of(System.getProperty("enclave.local.data-dir", ".enclave/data")).toAbsolutePath();
        int port = Integer.getInteger("enclave.local.dynamodb-port", 0);
        EmbeddedDynamoDb dynamoDb = EmbeddedDynamoDb.start(Optional.of(dataDir.resolve("dynamodb")), port);
        ApplicationContext context = Micronaut.build(args)
                .mainClass(Application.class)
                .environments("local")
                .properties(Map.of(
                        "enclave.local.data-dir", dataDir.toString(),
                        "aws.services.dynamodb.endpoint-override", dynamoDb.endpoint().toString()))
                .start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            context.close();
            dynamoDb.close();
        }, "enclave-local-shutdown"));
    }
}
