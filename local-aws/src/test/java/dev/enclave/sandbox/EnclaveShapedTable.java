package dev.enclave.sandbox;

import dev.enclave.table.IndexDesign;
import dev.enclave.table.TableDesign;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * A table with the keys and indexes of {@link TableDesign#ENCLAVE}, for the sandbox's own tests (tenancy's
 * {@code TableBootstrap} creates the real one; this module cannot depend on it).
 */
final class EnclaveShapedTable {

    private EnclaveShapedTable() {
    }

    static void create(DynamoDbClient platform, String table) {
        TableDesign design = TableDesign.ENCLAVE;
        platform.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(design.keyAttributes().stream().map(name -> AttributeDefinition.builder()
                        .attributeName(name).attributeType(ScalarAttributeType.S).build()).toList())
                .keySchema(keys(design.partitionKey(), design.sortKey()))
                .globalSecondaryIndexes(design.indexes().stream().map(EnclaveShapedTable::index).toList()));
    }

    private static GlobalSecondaryIndex index(IndexDesign index) {
        return GlobalSecondaryIndex.builder().indexName(index.indexName())
                .keySchema(keys(index.partitionKey(), index.sortKey()))
                .projection(p -> p.projectionType(index.keysOnly() ? ProjectionType.KEYS_ONLY : ProjectionType.ALL))
                .build();
    }

    private static List<KeySchemaElement> keys(String partition, String sort) {
        return List.of(KeySchemaElement.builder().attributeName(partition).keyType(KeyType.HASH).build(),
                KeySchemaElement.builder().attributeName(sort).keyType(KeyType.RANGE).build());
    }
}
