package dev.enclave.sandbox;

import static dev.enclave.sandbox.HandWrittenPolicies.roleArn;
import static dev.enclave.sandbox.HandWrittenPolicies.rolePermissionPolicy;
import static dev.enclave.sandbox.HandWrittenPolicies.tenantSessionPolicy;
import static dev.enclave.sandbox.SandboxClients.key;
import static dev.enclave.sandbox.SandboxClients.role;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/** How the gateway authenticates: SigV4 with the issued secret, session tokens, expiry, the platform principal. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GatewayAuthenticationIT {

    private static final String TABLE = "gateway-authentication";
    private static final String TENANT_ROLE = roleArn("enclave-tenant");
    private static final String INVALID_TOKEN = "The security token included in the request is invalid.";

    private SandboxClients clients;

    @BeforeAll
    void start() {
        clients = new SandboxClients(TABLE, List.of(role("enclave-tenant", rolePermissionPolicy(TABLE))));
        clients.platform.putItem(b -> b.tableName(TABLE).item(key("TENANT#acme#ORG", "ORG")));
    }

    @AfterAll
    void stop() throws Exception {
        clients.close();
    }

    @Test
    void getItem_whenCredentialsExpired_isExpiredTokenException() {
        AwsCredentialsProvider credentials = acme("expiry-it", 900);
        DynamoDbClient client = clients.dynamoDb(credentials);
        assertThat(get(client).hasItem()).isTrue();

        clients.clock.advance(Duration.ofSeconds(900));

        assertRefused(() -> get(client), "ExpiredTokenException",
                "The security token included in the request is expired");
    }

    @Test
    void getItem_whenSecretTampered_isInvalidSignatureException() {
        var issued = (AwsSessionCredentials) acme("tamper-it", 3600).resolveCredentials();
        DynamoDbClient forged = clients.dynamoDb(StaticCredentialsProvider.create(AwsSessionCredentials.create(
                issued.accessKeyId(), issued.secretAccessKey() + "x", issued.sessionToken())));

        assertRefused(() -> get(forged), "InvalidSignatureException", "The request signature we calculated does not "
                + "match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the "
                + "service documentation for details.");
    }

    @Test
    void getItem_whenAccessKeyUnknown_isUnrecognizedClientException() {
        DynamoDbClient unknown = clients.dynamoDb(StaticCredentialsProvider.create(AwsSessionCredentials.create(
                "ASIAUNKNOWN000000000", "secret", "token")));

        assertRefused(() -> get(unknown), "UnrecognizedClientException", INVALID_TOKEN);
    }

    @Test
    void getItem_whenSessionTokenWrongOrMissing_isUnrecognizedClientException() {
        var issued = (AwsSessionCredentials) acme("token-it", 3600).resolveCredentials();
        DynamoDbClient wrongToken = clients.dynamoDb(StaticCredentialsProvider.create(AwsSessionCredentials.create(
                issued.accessKeyId(), issued.secretAccessKey(), issued.sessionToken() + "x")));
        DynamoDbClient noToken = clients.dynamoDb(StaticCredentialsProvider.create(AwsBasicCredentials.create(
                issued.accessKeyId(), issued.secretAccessKey())));

        assertRefused(() -> get(wrongToken), "UnrecognizedClientException", INVALID_TOKEN);
        assertRefused(() -> get(noToken), "UnrecognizedClientException", INVALID_TOKEN);
    }

    @Test
    void getItem_whenSignedForAnotherRegion_isInvalidSignatureException() {
        DynamoDbClient elsewhere = clients.dynamoDb(acme("region-it", 3600), Region.EU_WEST_1);

        assertRefused(() -> get(elsewhere), "InvalidSignatureException",
                "Credential should be scoped to a valid region.");
    }

    @Test
    void platformPrincipal_runsTableOperationsUnchecked() {
        long allowed = clients.sandbox.gateway().allowedCount("DescribeTable");

        assertThat(clients.platform.describeTable(b -> b.tableName(TABLE)).table().keySchema()).hasSize(2);
        assertThat(clients.platform.listTables().tableNames()).contains(TABLE);
        assertThat(clients.sandbox.gateway().allowedCount("DescribeTable")).isEqualTo(allowed + 1);
    }

    @Test
    void platformPrincipal_withWrongSecret_isInvalidSignatureException() {
        DynamoDbClient forged = clients.dynamoDb(StaticCredentialsProvider.create(AwsBasicCredentials.create(
                clients.sandbox.application().accessKeyId(), "not-the-secret")));

        assertRefused(() -> forged.listTables(), "InvalidSignatureException", "The request signature we calculated "
                + "does not match the signature you provided. Check your AWS Secret Access Key and signing method. "
                + "Consult the service documentation for details.");
    }

    @Test
    void requestWithoutAuthorization_isMissingAuthenticationToken_inDynamoDbsJsonFormat() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        clients.sandbox.dynamoDbEndpoint().resolve("/"))
                .header("Content-Type", "application/x-amz-json-1.0")
                .header("X-Amz-Target", "DynamoDB_20120810.ListTables")
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.headers().firstValue("content-type")).hasValue("application/x-amz-json-1.0");
        assertThat(new ObjectMapper().readValue(response.body(), Map.class)).isEqualTo(Map.of(
                "__type", "com.amazon.coral.service#MissingAuthenticationTokenException",
                "message", "Request is missing Authentication Token"));
    }

    @Test
    void gateway_answersOnLoopbackOnly() {
        URI endpoint = clients.sandbox.dynamoDbEndpoint();

        assertThat(endpoint.getHost()).isEqualTo("127.0.0.1");
        assertThat(clients.sandbox.stsEndpoint().getHost()).isEqualTo("127.0.0.1");
        assertThat(clients.sandbox.rawDynamoDbEndpoint().getHost()).isEqualTo("127.0.0.1");
    }

    private AwsCredentialsProvider acme(String sessionName, int durationSeconds) {
        return clients.assumed(r -> r.roleArn(TENANT_ROLE).roleSessionName(sessionName)
                .durationSeconds(durationSeconds).policy(tenantSessionPolicy(TABLE, "acme")));
    }

    private static software.amazon.awssdk.services.dynamodb.model.GetItemResponse get(DynamoDbClient client) {
        return client.getItem(b -> b.tableName(TABLE).key(key("TENANT#acme#ORG", "ORG")));
    }

    private static void assertRefused(ThrowingCallable call, String errorCode, String message) {
        assertThatThrownBy(call).isInstanceOfSatisfying(DynamoDbException.class, e -> {
            assertThat(e.statusCode()).isEqualTo(400);
            assertThat(e.awsErrorDetails().errorCode()).isEqualTo(errorCode);
            assertThat(e.awsErrorDetails().errorMessage()).isEqualTo(message);
        });
    }
}
