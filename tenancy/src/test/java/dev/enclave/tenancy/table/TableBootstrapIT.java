package dev.enclave.tenancy.table;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.sandbox.EmbeddedDynamoDb;
import dev.enclave.table.TableDesign;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

class TableBootstrapIT {

    private static EmbeddedDynamoDb database;
    private static DynamoDbClient client;

    @BeforeAll
    static void startDatabase() {
        database = EmbeddedDynamoDb.inMemory();
        client = DynamoDbClient.builder()
                .endpointOverride(database.endpoint())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("it", "it")))
                .httpClientBuilder(ApacheHttpClient.builder())
                .build();
    }

    @AfterAll
    static void stopDatabase() {
        client.close();
        database.close();
    }

    @Test
    void ensureTable_whenAbsent_createsKeysIndexesAndTtlFromTheDesign() {
        var bootstrap = new TableBootstrap(client, TableDesign.ENCLAVE);

        assertThat(bootstrap.ensureTable("bootstrap-fresh")).isTrue();

        TableDescription table = client.describeTable(b -> b.tableName("bootstrap-fresh")).table();
        assertThat(table.keySchema()).extracting(k -> k.attributeName()).containsExactly("PK", "SK");
        assertThat(table.globalSecondaryIndexes())
                .extracting(i -> i.indexName(), i -> i.keySchema().get(0).attributeName(), i -> i.indexStatus())
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("GSI1", "GSI1PK", IndexStatus.ACTIVE),
                        org.assertj.core.groups.Tuple.tuple("GSI2", "GSI2PK", IndexStatus.ACTIVE),
                        org.assertj.core.groups.Tuple.tuple("GSI3", "GSI3PK", IndexStatus.ACTIVE));
        assertThat(table.globalSecondaryIndexes()).filteredOn(i -> i.indexName().equals("GSI3"))
                .extracting(i -> i.projection().projectionType()).containsExactly(ProjectionType.KEYS_ONLY);
        var ttl = client.describeTimeToLive(b -> b.tableName("bootstrap-fresh")).timeToLiveDescription();
        assertThat(ttl.timeToLiveStatus()).isEqualTo(TimeToLiveStatus.ENABLED);
        assertThat(ttl.attributeName()).isEqualTo("expiresAt");
    }

    @Test
    void ensureTable_onATableFromAnEarlierDesign_addsTheIndexItLacksAndKeepsItsItems() {
        TableDesign earlier = new TableDesign("PK", "SK", "expiresAt",
                java.util.List.of(TableDesign.BY_TENANT_COLLECTION, TableDesign.BY_USER));
        new TableBootstrap(client, earlier).ensureTable("bootstrap-upgrade");
        client.putItem(b -> b.tableName("bootstrap-upgrade").item(java.util.Map.of(
                "PK", AttributeValue.fromS("TENANT#acme#"), "SK", AttributeValue.fromS("ORG"),
                "GSI3PK", AttributeValue.fromS(TableDesign.OWED_WORK), "GSI3SK", AttributeValue.fromS("1"))));

        assertThat(new TableBootstrap(client, TableDesign.ENCLAVE).ensureTable("bootstrap-upgrade")).isFalse();

        TableDescription table = client.describeTable(b -> b.tableName("bootstrap-upgrade")).table();
        assertThat(table.globalSecondaryIndexes()).extracting(i -> i.indexName(), i -> i.indexStatus())
                .contains(org.assertj.core.groups.Tuple.tuple("GSI3", IndexStatus.ACTIVE));
        assertThat(client.query(b -> b.tableName("bootstrap-upgrade").indexName("GSI3")
                .keyConditionExpression("GSI3PK = :work")
                .expressionAttributeValues(java.util.Map.of(":work", AttributeValue.fromS(TableDesign.OWED_WORK))))
                .items()).extracting(item -> item.get("PK").s()).containsExactly("TENANT#acme#");
    }

    @Test
    void ensureTable_whenPresent_keepsTheTableAndItsItems() {
        var bootstrap = new TableBootstrap(client, TableDesign.ENCLAVE);
        bootstrap.ensureTable("bootstrap-again");
        client.putItem(b -> b.tableName("bootstrap-again").item(java.util.Map.of(
                "PK", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("TENANT#acme#"),
                "SK", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("ORG"))));

        assertThat(bootstrap.ensureTable("bootstrap-again")).isFalse();

        assertThat(client.getItem(b -> b.tableName("bootstrap-again").key(java.util.Map.of("PK", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("TENANT#acme#"), "SK", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS("ORG")))).hasItem()).isTrue();
    }
}
