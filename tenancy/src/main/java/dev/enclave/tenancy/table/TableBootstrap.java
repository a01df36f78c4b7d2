package dev.enclave.tenancy.table;

import dev.enclave.table.IndexDesign;
import dev.enclave.table.TableDesign;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * Creates Enclave's single table from {@link TableDesign} when it does not exist yet, and enables its TTL.
 * A platform operation (unscoped credentials); used by the local run and tests. In AWS the table comes from the
 * infrastructure template generated from the same design.
 */
public final class TableBootstrap {

    private static final int INDEX_POLLS = 600;
    private static final Duration INDEX_POLL = Duration.ofMillis(100);

    private final DynamoDbClient dynamoDb;
    private final TableDesign design;

    public TableBootstrap(DynamoDbClient dynamoDb, TableDesign design) {
        this.dynamoDb = Objects.requireNonNull(dynamoDb, "dynamoDb");
        this.design = Objects.requireNonNull(design, "design");
    }

    /**
     * Creates the table and enables TTL unless already done, and adds any index the design has gained since the
     * table was created (a data directory kept from an earlier version); returns whether the table was created now.
     */
    public boolean ensureTable(String tableName) {
        boolean created = createIfAbsent(tableName);
        dynamoDb.waiter().waitUntilTableExists(b -> b.tableName(tableName));
        addMissingIndexes(tableName);
        enableTimeToLive(tableName);
        return created;
    }

    /** The create request for {@code tableName}, exactly as the design describes it. */
    public CreateTableRequest createTableRequest(String tableName) {
        return CreateTableRequest.builder()
                .tableName(tableName)
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(design.keyAttributes().stream().map(TableBootstrap::stringAttribute).toList())
                .keySchema(keySchema(design.partitionKey(), design.sortKey()))
                .globalSecondaryIndexes(design.indexes().stream().map(TableBootstrap::index).toList())
                .build();
    }

    private boolean createIfAbsent(String tableName) {
        try {
            dynamoDb.createTable(createTableRequest(tableName));
            return true;
        } catch (ResourceInUseException alreadyExists) {
            return false;
        }
    }

    private void addMissingIndexes(String tableName) {
        Set<String> present = indexNames(tableName);
        for (IndexDesign index : design.indexes()) {
            if (!present.contains(index.indexName())) {
                dynamoDb.updateTable(b -> b.tableName(tableName)
                        .attributeDefinitions(stringAttribute(index.partitionKey()), stringAttribute(index.sortKey()))
                        .globalSecondaryIndexUpdates(u -> u.create(c -> c.indexName(index.indexName())
                                .keySchema(keySchema(index.partitionKey(), index.sortKey()))
                                .projection(projection(index)))));
                awaitActive(tableName, index.indexName());
            }
        }
    }

    private Set<String> indexNames(String tableName) {
        return dynamoDb.describeTable(b -> b.tableName(tableName)).table().globalSecondaryIndexes().stream()
                .map(GlobalSecondaryIndexDescription::indexName).collect(Collectors.toSet());
    }

    private void awaitActive(String tableName, String indexName) {
        for (int poll = 0; poll < INDEX_POLLS; poll++) {
            boolean active = dynamoDb.describeTable(b -> b.tableName(tableName)).table().globalSecondaryIndexes()
                    .stream().anyMatch(i -> i.indexName().equals(indexName) && i.indexStatus() == IndexStatus.ACTIVE);
            if (active) {
                return;
            }
            try {
                Thread.sleep(INDEX_POLL.toMillis());
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while index " + indexName + " was being created");
            }
        }
        throw new IllegalStateException("index " + indexName + " of " + tableName + " did not become active");
    }

    private void enableTimeToLive(String tableName) {
        TimeToLiveStatus status = dynamoDb.describeTimeToLive(b -> b.tableName(tableName))
                .timeToLiveDescription().timeToLiveStatus();
        if (status != TimeToLiveStatus.ENABLED && status != TimeToLiveStatus.ENABLING) {
            dynamoDb.updateTimeToLive(b -> b.tableName(tableName)
                    .timeToLiveSpecification(t -> t.attributeName(design.ttlAttribute()).enabled(true)));
        }
    }

    private static GlobalSecondaryIndex index(IndexDesign index) {
        return GlobalSecondaryIndex.builder()
                .indexName(index.indexName())
                .keySchema(keySchema(index.partitionKey(), index.sortKey()))
                .projection(projection(index))
                .build();
    }

    private static Projection projection(IndexDesign index) {
        return Projection.builder()
                .projectionType(index.keysOnly() ? ProjectionType.KEYS_ONLY : ProjectionType.ALL).build();
    }

    private static AttributeDefinition stringAttribute(String name) {
        return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
    }

    private static List<KeySchemaElement> keySchema(String partitionKey, String sortKey) {
        return List.of(
                KeySchemaElement.builder().attributeName(partitionKey).keyType(KeyType.HASH).build(),
                KeySchemaElement.builder().attributeName(sortKey).keyType(KeyType.RANGE).build());
    }
}
