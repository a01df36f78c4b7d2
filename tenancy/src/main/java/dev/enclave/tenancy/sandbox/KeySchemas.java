package dev.enclave.tenancy.sandbox;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/** Partition-key attribute names of tables and their indexes, learned from DynamoDB Local once per table. */
final class KeySchemas {

    private final DynamoDbClient rawDynamoDb;
    private final Map<String, Map<String, String>> partitionKeys = new ConcurrentHashMap<>();

    KeySchemas(DynamoDbClient rawDynamoDb) {
        this.rawDynamoDb = rawDynamoDb;
    }

    /** The partition-key attribute of {@code table}, or of its index {@code index} when not null. */
    Optional<String> partitionKey(String table, String index) {
        Map<String, String> keys = partitionKeys.computeIfAbsent(table, this::describe);
        return Optional.ofNullable(keys.get(index == null ? "" : index));
    }

    private Map<String, String> describe(String table) {
        try {
            TableDescription description = rawDynamoDb.describeTable(b -> b.tableName(table)).table();
            Map<String, String> keys = new ConcurrentHashMap<>();
            keys.put("", hashKey(description.keySchema()));
            description.globalSecondaryIndexes().forEach(i -> keys.put(i.indexName(), hashKey(i.keySchema())));
            description.localSecondaryIndexes().forEach(i -> keys.put(i.indexName(), hashKey(i.keySchema())));
            return keys;
        } catch (ResourceNotFoundException missing) {
            return Map.of();
        }
    }

    private static String hashKey(java.util.List<KeySchemaElement> schema) {
        return schema.stream().filter(k -> k.keyType() == KeyType.HASH).map(KeySchemaElement::attributeName)
                .findFirst().orElseThrow();
    }
}
