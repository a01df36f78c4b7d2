package com.example.backend;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * A tenant's backend keeping its orders in its organisation's data namespace with the AWS SDK for Java v2
 * (docs/tenant-backends.md). Dependencies: {@code software.amazon.awssdk:dynamodb} and
 * {@code com.fasterxml.jackson.core:jackson-databind}. Environment:
 * <pre>
 * ENCLAVE_URL=http://localhost:8080                                        # where Enclave answers
 * AWS_CONTAINER_CREDENTIALS_FULL_URI=$ENCLAVE_URL/v1/backend/credentials    # the SDK fetches credentials there
 * AWS_CONTAINER_AUTHORIZATION_TOKEN=enclave_acme_...                        # the organisation's API key
 * </pre>
 * The table, region, endpoint and key prefix come from Enclave ({@code GET /v1/backend/namespace}), so nothing else
 * is configured: locally the endpoint is the sandbox's gateway, in AWS the regional DynamoDB endpoint. Exits 0 when
 * its writes and reads worked and Enclave's own item was refused, 1 otherwise.
 */
public final class OrdersBackend {

    private OrdersBackend() {
    }

    public static void main(String[] args) throws Exception {
        String enclave = System.getenv().getOrDefault("ENCLAVE_URL", "http://localhost:8080");
        JsonNode namespace = namespace(enclave, System.getenv("AWS_CONTAINER_AUTHORIZATION_TOKEN"));
        String table = namespace.get("tableName").asText();
        String prefix = namespace.get("keyPrefix").asText();      // TENANT#<org>#DATA#<incarnation>#

        // credentials: the default chain finds AWS_CONTAINER_CREDENTIALS_FULL_URI and refreshes before expiry
        try (DynamoDbClient dynamo = DynamoDbClient.builder()
                .region(Region.of(namespace.get("region").asText()))
                .endpointOverride(URI.create(namespace.get("endpoint").asText()))
                .build()) {
            dynamo.putItem(b -> b.tableName(table).item(Map.of(
                    "PK", AttributeValue.fromS(prefix + "orders"),
                    "SK", AttributeValue.fromS("o-1"),
                    "total", AttributeValue.fromN("42"))));
            int orders = dynamo.query(b -> b.tableName(table).keyConditionExpression("PK = :p")
                    .expressionAttributeValues(Map.of(":p", AttributeValue.fromS(prefix + "orders")))).count();
            System.out.println("wrote and read back " + orders + " order(s) under " + prefix + "orders");

            String organisation = prefix.split("#")[1];
            try {
                dynamo.getItem(b -> b.tableName(table).key(Map.of("PK",
                        AttributeValue.fromS("TENANT#" + organisation + "#"), "SK", AttributeValue.fromS("ORG"))));
                System.out.println("Enclave's own organisation item was readable: that must never happen");
                System.exit(1);
            } catch (DynamoDbException refused) {
                System.out.println("Enclave's own organisation item: " + refused.awsErrorDetails().errorCode());
            }
            System.exit(orders == 1 ? 0 : 1);
        }
    }

    /** Where this API key's credentials work: table, region, endpoint and key prefix. */
    static JsonNode namespace(String enclave, String apiKey) throws Exception {
        HttpResponse<String> answer = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(enclave + "/v1/backend/namespace"))
                        .header("Authorization", apiKey).build(),
                HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 200) {
            throw new IllegalStateException("Enclave answered " + answer.statusCode() + ": " + answer.body());
        }
        return new ObjectMapper().readTree(answer.body());
    }
}
