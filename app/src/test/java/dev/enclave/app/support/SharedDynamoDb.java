package dev.enclave.app.support;

import dev.enclave.tenancy.sandbox.EmbeddedDynamoDb;

/** One in-memory DynamoDB Local per test JVM; each test class uses its own table in it. */
public final class SharedDynamoDb {

    private static final EmbeddedDynamoDb INSTANCE = start();

    private SharedDynamoDb() {
    }

    public static String endpoint() {
        return INSTANCE.endpoint().toString();
    }

    private static EmbeddedDynamoDb start() {
        EmbeddedDynamoDb database = EmbeddedDynamoDb.inMemory();
        Runtime.getRuntime().addShutdownHook(new Thread(database::close, "shared-dynamodb-stop"));
        return database;
    }
}
