package dev.enclave.app.edge.web.credentials;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.MembershipFixtures;
import dev.enclave.identity.UserKey;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Credentials a person hands to their organisation's backend reach the organisation's data namespace and nothing
 * else: every attack tried with the old, tenant-wide credentials is refused by IAM at the gateway.
 */
@MicronautTest(environments = "local")
class CredentialsEndpointIT extends LocalStackTest {

    @Test
    void readwrite_worksInTheDataNamespace_itemsBatchesAndTransactions() {
        String ada = tokens().mint("ada", "ada@example.com");
        api().post("/v1/orgs", "{\"id\":\"creds-own\",\"name\":\"Own\"}", ada);

        JsonNode issued = api().post("/v1/orgs/creds-own/credentials", "{\"access\":\"readwrite\"}", ada).json();

        String prefix = issued.get("keyPrefix").asText();
        assertThat(prefix).matches("TENANT#creds-own#DATA#[a-z0-9]+#");
        assertThat(issued.get("partitionKey").asText()).isEqualTo("PK");
        assertThat(issued.get("sortKey").asText()).isEqualTo("SK");
        assertThat(texts(issued.get("forbiddenAttributes"))).containsExactly("GSI1PK", "GSI1SK", "GSI2PK", "GSI2SK",
                "GSI3PK", "GSI3SK");
        try (DynamoDbClient backend = backendClient(issued)) {
            backend.putItem(b -> b.tableName(tableName).item(item(prefix + "orders", "o-1", Map.of())));
            backend.batchWriteItem(b -> b.requestItems(Map.of(tableName, List.of(
                    WriteRequest.builder().putRequest(p -> p.item(item(prefix + "orders", "o-2", Map.of()))).build()))));
            backend.transactWriteItems(t -> t.transactItems(TransactWriteItem.builder().update(u -> u
                    .tableName(tableName).key(item(prefix + "orders", "o-1", Map.of()))
                    .updateExpression("SET quantity = :t")
                    .expressionAttributeValues(Map.of(":t", AttributeValue.fromN("3")))).build()));
            assertThat(backend.query(q -> q.tableName(tableName).keyConditionExpression("PK = :pk")
                    .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(prefix + "orders")))).count())
                    .isEqualTo(2);
        }
    }

    @Test
    void attacks_onControlItemsIndexesAndOtherTenants_areAllDenied() {
        String ada = tokens().mint("ada", "ada@example.com");
        api().post("/v1/orgs", "{\"id\":\"creds-atk\",\"name\":\"Attacker\"}", ada);
        String adaDigest = UserKey.of("enclave-local", "ada").digest();
        JsonNode issued = api().post("/v1/orgs/creds-atk/credentials", "{\"access\":\"readwrite\"}", ada).json();
        String prefix = issued.get("keyPrefix").asText();

        try (DynamoDbClient backend = backendClient(issued)) {
            assertDenied(() -> backend.updateItem(u -> u.tableName(tableName)
                    .key(key("TENANT#creds-atk#", "MEMBER#" + adaDigest))
                    .updateExpression("ADD #groups :owner").expressionAttributeNames(Map.of("#groups", "groups"))
                    .expressionAttributeValues(Map.of(":owner", AttributeValue.fromSs(List.of("owner"))))));
            assertDenied(() -> backend.updateItem(u -> u.tableName(tableName).key(key("TENANT#creds-atk#", "ORG"))
                    .updateExpression("SET #s = :active, seats = :many")
                    .expressionAttributeNames(Map.of("#s", "status"))
                    .expressionAttributeValues(Map.of(":active", AttributeValue.fromS("ACTIVE"),
                            ":many", AttributeValue.fromN("100000")))));
            assertDenied(() -> backend.putItem(b -> b.tableName(tableName).item(item(prefix + "x", "INVITATION#p",
                    Map.of("GSI1PK", "TENANT#globex#INVITATIONS#pending", "GSI1SK", "x")))));
            assertDenied(() -> backend.putItem(b -> b.tableName(tableName).item(item(prefix + "x", "ORG",
                    Map.of("GSI2PK", "USER#" + adaDigest + "#", "GSI2SK", "ORG#fake")))));
            assertDenied(() -> backend.updateItem(u -> u.tableName(tableName).key(key(prefix + "x", "y"))
                    .updateExpression("SET #k = :v").expressionAttributeNames(Map.of("#k", "GSI2PK"))
                    .expressionAttributeValues(Map.of(":v", AttributeValue.fromS("EMAIL#abc#")))));
            assertDenied(() -> backend.batchWriteItem(b -> b.requestItems(Map.of(tableName, List.of(
                    WriteRequest.builder().putRequest(p -> p.item(item(prefix + "x", "clean", Map.of()))).build(),
                    WriteRequest.builder().putRequest(p -> p.item(item(prefix + "x", "planted",
                            Map.of("GSI1PK", "TENANT#x#MEMBER#" + adaDigest)))).build())))));
            assertDenied(() -> backend.query(q -> q.tableName(tableName).indexName("GSI1")
                    .keyConditionExpression("GSI1PK = :pk")
                    .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(prefix + "x")))));
            assertDenied(() -> backend.getItem(b -> b.tableName(tableName).key(key("TENANT#creds-other#DATA#1#x", "y"))));
            assertDenied(() -> backend.scan(b -> b.tableName(tableName)));
        }
        assertThat(api().get("/v1/orgs/creds-atk", ada).json().get("status").asText()).isEqualTo("active");
    }

    @Test
    void readCredentials_cannotWrite() {
        String ada = tokens().mint("ada", "ada@example.com");
        api().post("/v1/orgs", "{\"id\":\"creds-read\",\"name\":\"Read\"}", ada);

        Api.Reply reply = api().post("/v1/orgs/creds-read/credentials", "{}", ada);
        JsonNode issued = reply.json();

        assertThat(reply.header("Cache-Control")).as("credentials are kept by no cache").isEqualTo("no-store");
        assertThat(issued.get("access").asText()).isEqualTo("read");
        String prefix = issued.get("keyPrefix").asText();
        try (DynamoDbClient backend = backendClient(issued)) {
            assertThat(backend.getItem(b -> b.tableName(tableName).key(key(prefix + "x", "y"))).hasItem()).isFalse();
            assertDenied(() -> backend.putItem(b -> b.tableName(tableName).item(key(prefix + "x", "y"))));
        }
    }

    @Test
    void removedAdmin_getsNoNewCredentials_andTheOldOnesCannotRestoreTheMembership() {
        String ada = tokens().mint("ada", "ada@example.com");
        api().post("/v1/orgs", "{\"id\":\"creds-removed\",\"name\":\"Removed\"}", ada);
        MembershipFixtures.add(platform, tableName, "creds-removed", "bea", GroupName.MEMBER, GroupName.ADMIN);
        String bea = tokens().mint("bea", "bea@example.com");
        JsonNode issued = api().post("/v1/orgs/creds-removed/credentials", "{\"access\":\"readwrite\"}", bea).json();

        assertThat(api().send(api().request("/v1/orgs/creds-removed/members/bea", ada).DELETE()).status())
                .isEqualTo(204);

        assertThat(api().post("/v1/orgs/creds-removed/credentials", "{}", bea).status()).isEqualTo(404);
        try (DynamoDbClient backend = backendClient(issued)) {
            assertDenied(() -> backend.putItem(b -> b.tableName(tableName).item(item("TENANT#creds-removed#",
                    "MEMBER#" + UserKey.of("enclave-local", "bea").digest(), Map.of("groups", "owner")))));
        }
    }

    @Test
    void recreatedOrganisation_startsEmpty_andCredentialsOfTheOldOneCannotReachIt() {
        String ada = tokens().mint("ada", "ada@example.com");
        api().post("/v1/orgs", "{\"id\":\"creds-again\",\"name\":\"First\"}", ada);
        JsonNode first = api().post("/v1/orgs/creds-again/credentials", "{\"access\":\"readwrite\"}", ada).json();
        String firstPrefix = first.get("keyPrefix").asText();
        try (DynamoDbClient old = backendClient(first)) {
            old.putItem(b -> b.tableName(tableName).item(item(firstPrefix + "settings", "plan", Map.of())));
        }
        assertThat(api().send(api().request("/v1/orgs/creds-again", ada).DELETE()).status()).isEqualTo(202);

        String eve = tokens().mint("eve", "eve@example.com");
        await().atMost(Duration.ofSeconds(30)).until(() -> api().post("/v1/orgs",
                "{\"id\":\"creds-again\",\"name\":\"Second\"}", eve).status() == 201);
        JsonNode second = api().post("/v1/orgs/creds-again/credentials", "{\"access\":\"readwrite\"}", eve).json();
        String secondPrefix = second.get("keyPrefix").asText();

        assertThat(secondPrefix).isNotEqualTo(firstPrefix).startsWith("TENANT#creds-again#DATA#");
        try (DynamoDbClient old = backendClient(first); DynamoDbClient current = backendClient(second)) {
            assertDenied(() -> old.putItem(b -> b.tableName(tableName).item(item(secondPrefix + "settings", "plan",
                    Map.of()))));
            assertDenied(() -> current.getItem(b -> b.tableName(tableName).key(key(firstPrefix + "settings", "plan"))));
            assertThat(current.query(q -> q.tableName(tableName).keyConditionExpression("PK = :pk")
                    .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(secondPrefix + "settings"))))
                    .count()).isZero();
        }
        assertThat(api().get("/v1/orgs/creds-again/members", eve).json().get("items")).hasSize(1);
    }

    @Test
    void plainMember_isForbidden_andStranger_isNotFound() {
        String ada = tokens().mint("ada", "ada@example.com");
        api().post("/v1/orgs", "{\"id\":\"creds-roles\",\"name\":\"Roles\"}", ada);
        MembershipFixtures.add(platform, tableName, "creds-roles", "carl", GroupName.MEMBER);

        Api.Reply member = api().post("/v1/orgs/creds-roles/credentials", "{}", tokens().mint("carl", "c@x.io"));
        Api.Reply stranger = api().post("/v1/orgs/creds-roles/credentials", "{}", tokens().mint("eve", "e@x.io"));

        assertThat(member.status()).isEqualTo(403);
        assertThat(stranger.status()).isEqualTo(404);
    }

    @Test
    void unknownAccessLevel_isValidationProblem() {
        String ada = tokens().mint("ada", "ada@example.com");
        api().post("/v1/orgs", "{\"id\":\"creds-bad\",\"name\":\"Bad\"}", ada);

        Api.Reply reply = api().hostile().post("/v1/orgs/creds-bad/credentials", "{\"access\":\"admin\"}", ada);

        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.json().get("code").asText()).isEqualTo("validation-failed");
    }

    @Test
    void idempotencyKey_isRefused_becauseTheAnswerHoldsASecretThatIsNeverStored() {
        String ada = tokens().mint("ada", "ada@example.com");
        api().post("/v1/orgs", "{\"id\":\"creds-idem\",\"name\":\"Idem\"}", ada);

        Api.Reply reply = api().send(api().request("/v1/orgs/creds-idem/credentials", ada)
                .header("Content-Type", "application/json").header("Idempotency-Key", "k-1")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{}")));

        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.json().get("detail").asText()).contains("never stores");
    }

    static DynamoDbClient backendClient(JsonNode issued) {
        return DynamoDbClient.builder().endpointOverride(URI.create(issued.get("endpoint").asText()))
                .region(Region.of(issued.get("region").asText()))
                .credentialsProvider(StaticCredentialsProvider.create(AwsSessionCredentials.create(
                        issued.get("accessKeyId").asText(), issued.get("secretAccessKey").asText(),
                        issued.get("sessionToken").asText())))
                .httpClient(UrlConnectionHttpClient.create()).build();
    }

    static void assertDenied(ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOf(DynamoDbException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).awsErrorDetails().errorCode())
                        .isEqualTo("AccessDeniedException"));
    }

    static Map<String, AttributeValue> key(String pk, String sk) {
        return Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk));
    }

    static Map<String, AttributeValue> item(String pk, String sk, Map<String, String> attributes) {
        Map<String, AttributeValue> item = new java.util.HashMap<>(key(pk, sk));
        attributes.forEach((name, value) -> item.put(name, AttributeValue.fromS(value)));
        return item;
    }

    private static List<String> texts(JsonNode array) {
        List<String> values = new java.util.ArrayList<>();
        array.forEach(value -> values.add(value.asText()));
        return values;
    }
}
