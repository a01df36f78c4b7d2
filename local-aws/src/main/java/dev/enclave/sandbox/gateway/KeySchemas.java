package dev.enclave.sandbox.gateway;

import dev.enclave.sandbox.gateway.TableKeys.IndexKeys;
import dev.enclave.sandbox.gateway.TableKeys.IndexProjection;
import dev.enclave.sandbox.gateway.TableKeys.KeyAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * Key attributes and projections of tables and their indexes, learned by DescribeTable against DynamoDB Local once
 * per table and cached. Unknown tables are not cached (they may be created later); {@link #forget} drops a table
 * whose schema changed.
 */
final class KeySchemas implements PartitionKeys {

    private final DynamoDbClient dynamoDbLocal;
    private final Map<String, TableKeys> tables = new ConcurrentHashMap<>();

    /** @param dynamoDbLocal a client on DynamoDB Local itself; the caller closes it */
    KeySchemas(DynamoDbClient dynamoDbLocal) {
        this.dynamoDbLocal = dynamoDbLocal;
    }

    @Override
    public Optional<String> partitionKey(String table, Optional<String> index) {
        return keys(table).flatMap(keys -> index.isEmpty() ? Optional.of(keys.primary())
                : keys.index(index.get()).map(IndexKeys::key)).map(KeyAttributes::partition);
    }

    /** The keys of {@code table} (a name, not an ARN); empty when there is no such table. */
    Optional<TableKeys> keys(String table) {
        return Optional.ofNullable(tables.computeIfAbsent(table, this::describe));
    }

    /** Forgets what is known about {@code table}, after it was created, updated or deleted. */
    void forget(String table) {
        tables.remove(table);
    }

    private TableKeys describe(String table) {
        try {
            TableDescription description = dynamoDbLocal.describeTable(b -> b.tableName(table)).table();
            List<IndexKeys> indexes = new ArrayList<>();
            description.globalSecondaryIndexes().forEach(i -> indexes.add(new IndexKeys(i.indexName(), true,
                    attributes(i.keySchema()), projection(i.projection()))));
            description.localSecondaryIndexes().forEach(i -> indexes.add(new IndexKeys(i.indexName(), false,
                    attributes(i.keySchema()), projection(i.projection()))));
            return new TableKeys(table, attributes(description.keySchema()), indexes);
        } catch (ResourceNotFoundException unknown) {
            return null;
        }
    }

    private static KeyAttributes attributes(List<KeySchemaElement> schema) {
        String hash = schema.stream().filter(k -> k.keyType() == KeyType.HASH).map(KeySchemaElement::attributeName)
                .findFirst().orElseThrow(() -> new IllegalStateException("key schema without a HASH key: " + schema));
        return new KeyAttributes(hash, schema.stream().filter(k -> k.keyType() == KeyType.RANGE)
                .map(KeySchemaElement::attributeName).findFirst());
    }

    private static IndexProjection projection(Projection projection) {
        if (projection == null || projection.projectionType() == ProjectionType.ALL) {
            return IndexProjection.ALL;
        }
        return projection.projectionType() == ProjectionType.INCLUDE
                ? new IndexProjection(false, Set.copyOf(projection.nonKeyAttributes())) : IndexProjection.KEYS_ONLY;
    }
}
