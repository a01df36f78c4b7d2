package dev.enclave.tenancy.sandbox.gateway;

import dev.enclave.tenancy.sandbox.sigv4.Principal;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * Partition-key attributes of tables and their indexes, learned by DescribeTable against DynamoDB Local once per
 * table and cached. Unknown tables are not cached (they may be created later); {@link #forget} drops a table whose
 * schema changed.
 */
final class KeySchemas implements PartitionKeys, AutoCloseable {

    private static final String TABLE = "";

    private final DynamoDbClient dynamoDbLocal;
    private final Map<String, Map<String, String>> partitionKeys = new ConcurrentHashMap<>();

    KeySchemas(URI dynamoDbLocal, Principal application, String region) {
        this.dynamoDbLocal = DynamoDbClient.builder().endpointOverride(dynamoDbLocal).region(Region.of(region))
                .credentialsProvider(application.credentialsProvider())
                .httpClient(UrlConnectionHttpClient.create()).build();
    }

    @Override
    public Optional<String> partitionKey(String table, Optional<String> index) {
        Map<String, String> keys = partitionKeys.computeIfAbsent(table, this::describe);
        return Optional.ofNullable(keys == null ? null : keys.get(index.orElse(TABLE)));
    }

    /** Forgets what is known about {@code table}, after it was created, updated or deleted. */
    void forget(String table) {
        partitionKeys.remove(table);
    }

    @Override
    public void close() {
        dynamoDbLocal.close();
    }

    private Map<String, String> describe(String table) {
        try {
            TableDescription description = dynamoDbLocal.describeTable(b -> b.tableName(table)).table();
            Map<String, String> keys = new ConcurrentHashMap<>();
            keys.put(TABLE, hashKey(description.keySchema()));
            description.globalSecondaryIndexes().forEach(i -> keys.put(i.indexName(), hashKey(i.keySchema())));
            description.localSecondaryIndexes().forEach(i -> keys.put(i.indexName(), hashKey(i.keySchema())));
            return Map.copyOf(keys);
        } catch (ResourceNotFoundException unknown) {
            return null;
        }
    }

    private static String hashKey(List<KeySchemaElement> schema) {
        return schema.stream().filter(k -> k.keyType() == KeyType.HASH).map(KeySchemaElement::attributeName)
                .findFirst().orElseThrow(() -> new IllegalStateException("key schema without a HASH key: " + schema));
    }
}
