package dev.enclave.app.credentials;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.Members;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/** A tenant's trusted backend gets credentials that work on its own keys, against the endpoint given, and nowhere else. */
@MicronautTest(environments = "local")
class CredentialsEndpointIT extends LocalStackTest {

    @Inject
    DynamoDbClient platform;

    @Test
    void owner_getsReadWriteCredentialsThatWorkOnlyOnItsOwnKeys() {
        String ada = tokens().mint("ada", "ada@example.com");
        api().post("/v1/orgs", "{\"id\":\"creds-own\",\"name\":\"Own\"}", ada);

        JsonNode issued = api().post("/v1/orgs/creds-own/credentials", "{\"access\":\"readwrite\"}", ada).json();

        assertThat(issued.get("keyPrefix").asText()).isEqualTo("TENANT#creds-own#");
        assertThat(issued.get("tableName").asText()).isEqualTo(tableName);
        try (DynamoDbClient backend = backendClient(issued)) {
            backend.putItem(b -> b.tableName(tableName).item(key("TENANT#creds-own#DATA")));
            assertThat(backend.getItem(b -> b.tableName(tableName).key(key("TENANT#creds-own#DATA"))).hasItem())
                    .isTrue();
            assertDenied(() -> backend.getItem(b -> b.tableName(tableName).key(key("TENANT#creds-other#DATA"))));
            assertDenied(() -> backend.putItem(b -> b.tableName(tableName).item(key("TENANT#creds-own2#DATA"))));
            assertDenied(() -> backend.scan(b -> b.tableName(tableName)));
        }
    }

    @Test
    void readCredentials_cannotWrite() {
        String ada = tokens().mint("ada", "ada@example.com");
        api().post("/v1/orgs", "{\"id\":\"creds-read\",\"name\":\"Read\"}", ada);

        JsonNode issued = api().post("/v1/orgs/creds-read/credentials", "{}", ada).json();

        assertThat(issued.get("access").asText()).isEqualTo("read");
        try (DynamoDbClient backend = backendClient(issued)) {
            assertThat(backend.getItem(b -> b.tableName(tableName).key(key("TENANT#creds-read#X"))).hasItem()).isFalse();
            assertDenied(() -> backend.putItem(b -> b.tableName(tableName).item(key("TENANT#creds-read#X"))));
        }
    }

    @Test
    void plainMember_isForbidden_andStranger_isNotFound() {
        String ada = tokens().mint("ada", "ada@example.com");
        api().post("/v1/orgs", "{\"id\":\"creds-roles\",\"name\":\"Roles\"}", ada);
        Members.add(platform, tableName, "creds-roles", "carl", "member");

        Api.Reply member = api().post("/v1/orgs/creds-roles/credentials", "{}", tokens().mint("carl", "c@x.io"));
        Api.Reply stranger = api().post("/v1/orgs/creds-roles/credentials", "{}", tokens().mint("eve", "e@x.io"));

        assertThat(member.status()).isEqualTo(403);
        assertThat(stranger.status()).isEqualTo(404);
    }

    @Test
    void unknownAccessLevel_isValidationProblem() {
        String ada = tokens().mint("ada", "ada@example.com");
        api().post("/v1/orgs", "{\"id\":\"creds-bad\",\"name\":\"Bad\"}", ada);

        Api.Reply reply = api().post("/v1/orgs/creds-bad/credentials", "{\"access\":\"admin\"}", ada);

        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.json().get("code").asText()).isEqualTo("validation-failed");
    }

    private static DynamoDbClient backendClient(JsonNode issued) {
        return DynamoDbClient.builder().endpointOverride(URI.create(issued.get("endpoint").asText()))
                .region(Region.of(issued.get("region").asText()))
                .credentialsProvider(StaticCredentialsProvider.create(AwsSessionCredentials.create(
                        issued.get("accessKeyId").asText(), issued.get("secretAccessKey").asText(),
                        issued.get("sessionToken").asText())))
                .httpClient(UrlConnectionHttpClient.create()).build();
    }

    private static void assertDenied(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOf(DynamoDbException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).awsErrorDetails().errorCode())
                        .isEqualTo("AccessDeniedException"));
    }

    private static Map<String, AttributeValue> key(String pk) {
        return Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS("X"));
    }
}
