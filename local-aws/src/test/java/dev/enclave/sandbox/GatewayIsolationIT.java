package dev.enclave.sandbox;

import static dev.enclave.sandbox.HandWrittenPolicies.abacRolePolicy;
import static dev.enclave.sandbox.HandWrittenPolicies.roleArn;
import static dev.enclave.sandbox.HandWrittenPolicies.rolePermissionPolicy;
import static dev.enclave.sandbox.HandWrittenPolicies.tableArn;
import static dev.enclave.sandbox.HandWrittenPolicies.tenantSessionPolicy;
import static dev.enclave.sandbox.SandboxClients.key;
import static dev.enclave.sandbox.SandboxClients.role;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;
import software.amazon.awssdk.services.sts.model.Tag;

/**
 * The gateway enforcing IAM with real SDK clients on STS credentials: a role whose permission policy allows item
 * actions on any leading key, intersected with a session policy confining them to {@code TENANT#acme#}; and an ABAC
 * role confined by the {@code TenantId} session tag.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GatewayIsolationIT {

    private static final String TABLE = "gateway-isolation";
    private static final String TENANT_ROLE = roleArn("enclave-tenant");
    private static final String ABAC_ROLE = roleArn("enclave-tenant-abac");
    private static final String ACME_SESSION = "arn:aws:sts::000000000000:assumed-role/enclave-tenant/acme-it";

    private SandboxClients clients;
    private AwsCredentialsProvider acmeCredentials;
    private DynamoDbClient acme;

    @BeforeAll
    void start() {
        clients = new SandboxClients(TABLE, List.of(role("enclave-tenant", rolePermissionPolicy(TABLE)),
                role("enclave-tenant-abac", abacRolePolicy(TABLE))));
        acmeCredentials = clients.assumed(r -> r.roleArn(TENANT_ROLE).roleSessionName("acme-it")
                .policy(tenantSessionPolicy(TABLE, "acme")));
        acme = clients.dynamoDb(acmeCredentials);
        clients.platform.putItem(b -> b.tableName(TABLE).item(key("TENANT#beta#ORG", "ORG")));
        clients.platform.putItem(b -> b.tableName(TABLE).item(key("TENANT#acme2#ORG", "ORG")));
        clients.platform.putItem(b -> b.tableName(TABLE).item(key("TENANT#acme#ORG", "ORG")));
    }

    @AfterAll
    void stop() throws Exception {
        clients.close();
    }

    @Test
    void putGetUpdateDelete_onOwnKeys_areAllowed() {
        acme.putItem(b -> b.tableName(TABLE).item(key("TENANT#acme#OWN", "1")));
        acme.updateItem(b -> b.tableName(TABLE).key(key("TENANT#acme#OWN", "1")).updateExpression("SET n = :n")
                .expressionAttributeValues(Map.of(":n", AttributeValue.fromN("7"))));

        assertThat(acme.getItem(b -> b.tableName(TABLE).key(key("TENANT#acme#OWN", "1")).consistentRead(true))
                .item()).containsEntry("n", AttributeValue.fromN("7"));
        acme.deleteItem(b -> b.tableName(TABLE).key(key("TENANT#acme#OWN", "1")));
        assertThat(clients.platformHas("TENANT#acme#OWN", "1")).isFalse();
    }

    @Test
    void getItem_whenOtherTenantsKey_isDeniedAndNothingForwarded() {
        long denied = clients.sandbox.gateway().deniedCount("GetItem");

        assertDeniedAndNothingForwarded(() -> acme.getItem(b -> b.tableName(TABLE).key(key("TENANT#beta#ORG", "ORG"))),
                "User: " + ACME_SESSION + " is not authorized to perform: dynamodb:GetItem on resource: "
                        + tableArn(TABLE) + " because no session policy allows the dynamodb:GetItem action");
        assertThat(clients.sandbox.gateway().deniedCount("GetItem")).isEqualTo(denied + 1);
    }

    @Test
    void getItem_whenNeighbouringTenantsKey_isDenied() {
        assertDeniedAndNothingForwarded(() -> acme.getItem(b -> b.tableName(TABLE)
                .key(key("TENANT#acme2#ORG", "ORG"))), "User: " + ACME_SESSION + " is not authorized to perform: "
                + "dynamodb:GetItem on resource: " + tableArn(TABLE) + " because no session policy allows the "
                + "dynamodb:GetItem action");
    }

    @Test
    void putItem_whenOtherTenantsKey_isDeniedAndWritesNothing() {
        assertDeniedAndNothingForwarded(() -> acme.putItem(b -> b.tableName(TABLE).item(key("TENANT#beta#NEW", "1"))),
                "User: " + ACME_SESSION + " is not authorized to perform: dynamodb:PutItem on resource: "
                        + tableArn(TABLE) + " because no session policy allows the dynamodb:PutItem action");
        assertThat(clients.platformHas("TENANT#beta#NEW", "1")).isFalse();
    }

    @Test
    void batchGetItem_mixingAcmeAndBeta_isDeniedAsAWhole_ownKeysAlone_areAllowed() {
        assertDeniedAndNothingForwarded(() -> acme.batchGetItem(b -> b.requestItems(Map.of(TABLE,
                KeysAndAttributes.builder().keys(key("TENANT#acme#ORG", "ORG"), key("TENANT#beta#ORG", "ORG"))
                        .build()))), "User: " + ACME_SESSION + " is not authorized to perform: dynamodb:BatchGetItem "
                + "on resource: " + tableArn(TABLE) + " because no session policy allows the dynamodb:BatchGetItem "
                + "action");

        assertThat(acme.batchGetItem(b -> b.requestItems(Map.of(TABLE, KeysAndAttributes.builder()
                .keys(key("TENANT#acme#ORG", "ORG")).consistentRead(true).build()))).responses().get(TABLE)).hasSize(1);
    }

    @Test
    void batchWriteItem_mixingAcmeAndBeta_isDeniedAndWritesNothing() {
        assertDeniedAndNothingForwarded(() -> acme.batchWriteItem(b -> b.requestItems(Map.of(TABLE, List.of(
                put("TENANT#acme#BATCH", "A"), put("TENANT#beta#BATCH", "B"),
                WriteRequest.builder().deleteRequest(d -> d.key(key("TENANT#beta#ORG", "ORG"))).build())))),
                "User: " + ACME_SESSION + " is not authorized to perform: dynamodb:BatchWriteItem on resource: "
                        + tableArn(TABLE) + " because no session policy allows the dynamodb:BatchWriteItem action");

        assertThat(clients.platformHas("TENANT#acme#BATCH", "A")).isFalse();
        assertThat(clients.platformHas("TENANT#beta#BATCH", "B")).isFalse();
        assertThat(clients.platformHas("TENANT#beta#ORG", "ORG")).isTrue();
    }

    @Test
    void transactWriteItems_mixingAcmeAndBeta_isDeniedAndWritesNothing() {
        assertDeniedAndNothingForwarded(() -> acme.transactWriteItems(b -> b.transactItems(
                TransactWriteItem.builder().put(p -> p.tableName(TABLE).item(key("TENANT#acme#TX", "A"))).build(),
                TransactWriteItem.builder().conditionCheck(c -> c.tableName(TABLE).key(key("TENANT#beta#ORG", "ORG"))
                        .conditionExpression("attribute_exists(PK)")).build())),
                "User: " + ACME_SESSION + " is not authorized to perform: dynamodb:ConditionCheckItem on resource: "
                        + tableArn(TABLE) + " because no session policy allows the dynamodb:ConditionCheckItem action");

        assertThat(clients.platformHas("TENANT#acme#TX", "A")).isFalse();
    }

    /**
     * DynamoDB acts on an {@code Update}'s, {@code Delete}'s or {@code ConditionCheck}'s {@code Key}, and DynamoDB
     * Local ignores an {@code Item} beside it: IAM must be asked about the key written, not the item carried (which
     * the SDK never sends, so the request is signed by hand).
     */
    @Test
    void transactWriteItems_aPartCarryingAnItemOfItsOwnBesideAForeignKey_isDeniedAndChangesNothing() throws Exception {
        for (String kind : List.of("Update", "Delete", "ConditionCheck")) {
            long forwarded = clients.sandbox.gateway().forwardedCount();
            HttpResponse<String> answer = signedByAcme("TransactWriteItems", """
                    {"TransactItems":[{"%s":{"TableName":"%s",
                      "Item":{"PK":{"S":"TENANT#acme#OWN"},"SK":{"S":"1"}},
                      "Key":{"PK":{"S":"TENANT#beta#ORG"},"SK":{"S":"ORG"}},
                      "UpdateExpression":"SET seats = :n","ExpressionAttributeValues":{":n":{"N":"100000"}},
                      "ConditionExpression":"attribute_exists(SK)"}}]}""".formatted(kind, TABLE));

            assertThat(answer.statusCode()).as(kind + ": " + answer.body()).isEqualTo(400);
            assertThat(answer.body()).as(kind).contains("AccessDeniedException");
            assertThat(clients.sandbox.gateway().forwardedCount()).as(kind + " forwarded").isEqualTo(forwarded);
        }
        assertThat(clients.platform.getItem(b -> b.tableName(TABLE).key(key("TENANT#beta#ORG", "ORG"))
                .consistentRead(true)).item()).doesNotContainKey("seats").containsKey("PK");
    }

    private HttpResponse<String> signedByAcme(String operation, String body) throws Exception {
        SdkHttpRequest unsigned = SdkHttpRequest.builder().method(SdkHttpMethod.POST)
                .uri(clients.sandbox.dynamoDbEndpoint())
                .putHeader("Content-Type", "application/x-amz-json-1.0")
                .putHeader("X-Amz-Target", "DynamoDB_20120810." + operation).build();
        SdkHttpRequest signed = AwsV4HttpSigner.create().sign(r -> r.identity(acmeCredentials.resolveCredentials())
                .request(unsigned).payload(ContentStreamProvider.fromUtf8String(body))
                .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "dynamodb")
                .putProperty(AwsV4HttpSigner.REGION_NAME, "us-east-1")).request();
        HttpRequest.Builder request = HttpRequest.newBuilder(clients.sandbox.dynamoDbEndpoint())
                .POST(HttpRequest.BodyPublishers.ofString(body));
        signed.headers().forEach((name, values) -> {
            if (!"Host".equalsIgnoreCase(name) && !"Content-Length".equalsIgnoreCase(name)) {
                values.forEach(value -> request.header(name, value));
            }
        });
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void transactGetItems_mixingAcmeAndBeta_isDenied() {
        assertDeniedAndNothingForwarded(() -> acme.transactGetItems(b -> b.transactItems(
                TransactGetItem.builder().get(g -> g.tableName(TABLE).key(key("TENANT#acme#ORG", "ORG"))).build(),
                TransactGetItem.builder().get(g -> g.tableName(TABLE).key(key("TENANT#beta#ORG", "ORG"))).build())),
                "User: " + ACME_SESSION + " is not authorized to perform: dynamodb:GetItem on resource: "
                        + tableArn(TABLE) + " because no session policy allows the dynamodb:GetItem action");
    }

    @Test
    void queryOnGsi1_keyedByBeta_isDenied_keyedByAcme_isAllowed() {
        assertDeniedAndNothingForwarded(() -> acme.query(b -> b.tableName(TABLE).indexName("GSI1")
                .keyConditionExpression("GSI1PK = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("TENANT#beta#INVITATIONS")))),
                "User: " + ACME_SESSION + " is not authorized to perform: dynamodb:Query on resource: "
                        + tableArn(TABLE) + "/index/GSI1 because no session policy allows the dynamodb:Query action");

        assertThat(acme.query(b -> b.tableName(TABLE).indexName("GSI1").keyConditionExpression("#pk = :pk")
                .expressionAttributeNames(Map.of("#pk", "GSI1PK"))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("TENANT#acme#INVITATIONS")))).count())
                .isZero();
    }

    @Test
    void queryOnTable_ownPartition_isAllowed_betasPartition_isDenied() {
        assertThat(acme.query(b -> b.tableName(TABLE).keyConditionExpression("PK = :pk").consistentRead(true)
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("TENANT#acme#ORG")))).count())
                .isEqualTo(1);
        assertDeniedAndNothingForwarded(() -> acme.query(b -> b.tableName(TABLE).keyConditionExpression("PK = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("TENANT#beta#ORG")))),
                "User: " + ACME_SESSION + " is not authorized to perform: dynamodb:Query on resource: "
                        + tableArn(TABLE) + " because no session policy allows the dynamodb:Query action");
    }

    @Test
    void scan_onTableOrIndex_isDenied() {
        assertDeniedAndNothingForwarded(() -> acme.scan(b -> b.tableName(TABLE)), "User: " + ACME_SESSION
                + " is not authorized to perform: dynamodb:Scan on resource: " + tableArn(TABLE)
                + " because no identity-based policy allows the dynamodb:Scan action");
        assertDeniedAndNothingForwarded(() -> acme.scan(b -> b.tableName(TABLE).indexName("GSI1")), "User: "
                + ACME_SESSION + " is not authorized to perform: dynamodb:Scan on resource: " + tableArn(TABLE)
                + "/index/GSI1 because no identity-based policy allows the dynamodb:Scan action");
    }

    @Test
    void describeTableAndDeleteTable_areDenied_andTheTableSurvives() {
        assertDeniedAndNothingForwarded(() -> acme.describeTable(b -> b.tableName(TABLE)), "User: " + ACME_SESSION
                + " is not authorized to perform: dynamodb:DescribeTable on resource: " + tableArn(TABLE)
                + " because no identity-based policy allows the dynamodb:DescribeTable action");
        assertDeniedAndNothingForwarded(() -> acme.deleteTable(b -> b.tableName(TABLE)), "User: " + ACME_SESSION
                + " is not authorized to perform: dynamodb:DeleteTable on resource: " + tableArn(TABLE)
                + " because no identity-based policy allows the dynamodb:DeleteTable action");

        assertThat(clients.platform.describeTable(b -> b.tableName(TABLE)).table().tableName()).isEqualTo(TABLE);
    }

    @Test
    void executeStatement_onOwnPartition_isDenied() {
        assertDeniedAndNothingForwarded(() -> acme.executeStatement(b -> b.statement(
                "SELECT * FROM \"" + TABLE + "\" WHERE PK = 'TENANT#acme#ORG'")), "User: " + ACME_SESSION
                + " is not authorized to perform: dynamodb:PartiQLSelect on resource: " + tableArn(TABLE)
                + " because no identity-based policy allows the dynamodb:PartiQLSelect action");
    }

    @Test
    void sessionPolicy_grantingScan_cannotGrantWhatTheRoleDoesNot() {
        DynamoDbClient wide = clients.dynamoDb(clients.assumed(r -> r.roleArn(TENANT_ROLE).roleSessionName("wide-it")
                .policy("{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Allow\",\"Action\":\"dynamodb:*\","
                        + "\"Resource\":\"*\"}]}")));

        assertDeniedAndNothingForwarded(() -> wide.scan(b -> b.tableName(TABLE)), "User: "
                + "arn:aws:sts::000000000000:assumed-role/enclave-tenant/wide-it is not authorized to perform: "
                + "dynamodb:Scan on resource: " + tableArn(TABLE) + " because no identity-based policy allows the "
                + "dynamodb:Scan action");
    }

    @Test
    void roleWithoutSessionPolicy_readsAnyTenant_soTheSessionPolicyIsWhatConfines() {
        DynamoDbClient unconfined = clients.dynamoDb(clients.assumed(r -> r.roleArn(TENANT_ROLE)
                .roleSessionName("unconfined-it")));

        assertThat(unconfined.getItem(b -> b.tableName(TABLE).key(key("TENANT#beta#ORG", "ORG"))).hasItem()).isTrue();
    }

    @Test
    void explicitDenyInSessionPolicy_denies_evenWhereAnAllowMatches() {
        String policy = """
                {"Version":"2012-10-17","Statement":[
                  {"Effect":"Allow","Action":"dynamodb:*","Resource":"%s"},
                  {"Effect":"Deny","Action":"dynamodb:DeleteItem","Resource":"*"}]}""".formatted(tableArn(TABLE));
        DynamoDbClient noDelete = clients.dynamoDb(clients.assumed(r -> r.roleArn(TENANT_ROLE)
                .roleSessionName("no-delete-it").policy(policy)));

        assertDeniedAndNothingForwarded(() -> noDelete.deleteItem(b -> b.tableName(TABLE)
                .key(key("TENANT#acme#ORG", "ORG"))), "User: arn:aws:sts::000000000000:assumed-role/enclave-tenant/"
                + "no-delete-it is not authorized to perform: dynamodb:DeleteItem on resource: " + tableArn(TABLE)
                + " with an explicit deny in a session policy");
        assertThat(clients.platformHas("TENANT#acme#ORG", "ORG")).isTrue();
    }

    @Test
    void abacRole_withTenantIdTagAcme_allowsAcme_deniesBeta() {
        DynamoDbClient abac = clients.dynamoDb(clients.assumed(r -> r.roleArn(ABAC_ROLE).roleSessionName("abac-it")
                .tags(Tag.builder().key("TenantId").value("acme").build())));

        abac.putItem(b -> b.tableName(TABLE).item(key("TENANT#acme#ABAC", "1")));
        assertThat(abac.getItem(b -> b.tableName(TABLE).key(key("TENANT#acme#ABAC", "1")).consistentRead(true))
                .hasItem()).isTrue();
        assertDeniedAndNothingForwarded(() -> abac.getItem(b -> b.tableName(TABLE).key(key("TENANT#beta#ORG", "ORG"))),
                "User: arn:aws:sts::000000000000:assumed-role/enclave-tenant-abac/abac-it is not authorized to "
                        + "perform: dynamodb:GetItem on resource: " + tableArn(TABLE) + " because no identity-based "
                        + "policy allows the dynamodb:GetItem action");
        assertDeniedAndNothingForwarded(() -> abac.getItem(b -> b.tableName(TABLE).key(key("TENANT#acme2#ORG", "ORG"))),
                "User: arn:aws:sts::000000000000:assumed-role/enclave-tenant-abac/abac-it is not authorized to "
                        + "perform: dynamodb:GetItem on resource: " + tableArn(TABLE) + " because no identity-based "
                        + "policy allows the dynamodb:GetItem action");
    }

    @Test
    void abacRole_withoutTenantIdTag_isDeniedEvenItsOwnLookingKeys() {
        DynamoDbClient untagged = clients.dynamoDb(clients.assumed(r -> r.roleArn(ABAC_ROLE)
                .roleSessionName("untagged-it")));

        assertDeniedAndNothingForwarded(() -> untagged.getItem(b -> b.tableName(TABLE)
                .key(key("TENANT#acme#ORG", "ORG"))), "User: arn:aws:sts::000000000000:assumed-role/"
                + "enclave-tenant-abac/untagged-it is not authorized to perform: dynamodb:GetItem on resource: "
                + tableArn(TABLE) + " because no identity-based policy allows the dynamodb:GetItem action");
    }

    private void assertDeniedAndNothingForwarded(ThrowingCallable call, String message) {
        long forwarded = clients.sandbox.gateway().forwardedCount();

        assertThatThrownBy(call).isInstanceOfSatisfying(DynamoDbException.class, e -> {
            assertThat(e.statusCode()).isEqualTo(400);
            assertThat(e.awsErrorDetails().errorCode()).isEqualTo("AccessDeniedException");
            assertThat(e.awsErrorDetails().errorMessage()).isEqualTo(message);
        });
        assertThat(clients.sandbox.gateway().forwardedCount()).as("requests forwarded to DynamoDB Local")
                .isEqualTo(forwarded);
    }

    private static WriteRequest put(String pk, String sk) {
        Map<String, AttributeValue> item = new HashMap<>(key(pk, sk));
        return WriteRequest.builder().putRequest(p -> p.item(item)).build();
    }
}
