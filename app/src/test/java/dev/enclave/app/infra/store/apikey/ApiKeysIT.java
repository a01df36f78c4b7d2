package dev.enclave.app.infra.store.apikey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.enclave.app.domain.apikey.ApiKeyId;
import dev.enclave.app.domain.apikey.ApiKeySecret;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.CheckedFront;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.MembershipFixtures;
import dev.enclave.app.support.SharedSandbox;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.ContainerCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * Organisation API keys: created by owners and admins, seen once, listed without secrets, revoked; and a backend
 * holding one gets data-namespace credentials through the AWS SDK's own container credentials provider.
 */
@MicronautTest(environments = "local")
class ApiKeysIT extends LocalStackTest {

    @Override
    protected Map<String, String> settings() {
        return Map.of("enclave.backends.maximum-api-keys", "3");
    }

    @Test
    void create_showsTheSecretOnce_listShowsNoSecret_andTheTableHoldsOnlyAHash() {
        String ada = owner("keys-list");

        JsonNode created = createKey("keys-list", ada, "{\"name\":\"billing worker\",\"access\":\"readwrite\"}");

        String secret = created.get("secret").asText();
        assertThat(secret).matches("enclave_keys-list_[a-z2-7]{16}_[a-z2-7]{52}");
        assertThat(created.get("dataNamespace").get("keyPrefix").asText()).startsWith("TENANT#keys-list#DATA#");
        JsonNode listed = api().get("/v1/orgs/keys-list/api-keys", ada).json().get("items");
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).get("name").asText()).isEqualTo("billing worker");
        assertThat(listed.get(0).get("createdBy").asText()).isEqualTo("ada");
        assertThat(listed.get(0).has("secret")).isFalse();
        assertThat(listed.toString()).doesNotContain(secret.substring(secret.lastIndexOf('_') + 1));
        var stored = platform.getItem(b -> b.tableName(tableName).key(Map.of(
                "PK", AttributeValue.fromS("TENANT#keys-list#"),
                "SK", AttributeValue.fromS("APIKEY#" + created.get("id").asText())))).item();
        assertThat(stored.values().stream().map(AttributeValue::s)).doesNotContain(secret)
                .noneMatch(value -> value != null && value.contains(secret.substring(secret.lastIndexOf('_') + 1)));
    }

    @Test
    void theAwsSdksContainerProvider_getsWorkingCredentials_andPollingCostsNoAssumeRole() {
        String ada = owner("keys-sdk");
        String secret = createKey("keys-sdk", ada, "{\"name\":\"worker\",\"access\":\"readwrite\"}")
                .get("secret").asText();
        String prefix = api().send(api().request("/v1/backend/namespace", null).header("Authorization", secret)
                .GET()).json().get("keyPrefix").asText();

        CheckedFront enclave = CheckedFront.to(api());
        System.setProperty("aws.containerCredentialsFullUri", enclave.url("/v1/backend/credentials"));
        System.setProperty("aws.containerAuthorizationToken", secret);
        try (enclave; ContainerCredentialsProvider provider = ContainerCredentialsProvider.builder().build();
             DynamoDbClient backend = DynamoDbClient.builder().credentialsProvider(provider)
                     .endpointOverride(SharedSandbox.instance().dynamoDbEndpoint()).region(Region.US_EAST_1)
                     .httpClient(UrlConnectionHttpClient.create()).build()) {
            AwsCredentials viaSdk = provider.resolveCredentials();
            long assumeRoles = sessionsFor("keys-sdk");

            for (int poll = 0; poll < 5; poll++) {
                assertThat(containerFetch(secret).json().get("AccessKeyId").asText())
                        .isEqualTo(viaSdk.accessKeyId());
            }
            assertThat(sessionsFor("keys-sdk")).isEqualTo(assumeRoles);
            assertThat(Instant.parse(containerFetch(secret).json().get("Expiration").asText()))
                    .isAfter(Instant.now().plus(Duration.ofMinutes(19)));
            backend.putItem(b -> b.tableName(tableName).item(Map.of("PK", AttributeValue.fromS(prefix + "jobs"),
                    "SK", AttributeValue.fromS("j-1"))));
            assertThatThrownBy(() -> backend.getItem(b -> b.tableName(tableName).key(Map.of(
                    "PK", AttributeValue.fromS("TENANT#keys-sdk#"), "SK", AttributeValue.fromS("ORG")))))
                    .isInstanceOf(DynamoDbException.class).hasMessageContaining("not authorized");
        } finally {
            System.clearProperty("aws.containerCredentialsFullUri");
            System.clearProperty("aws.containerAuthorizationToken");
        }
    }

    @Test
    void aUse_isRecordedOnTheKey_andTheCreateRefusesAnIdempotencyKey() {
        String ada = owner("keys-used");
        String secret = createKey("keys-used", ada, "{\"name\":\"w\",\"access\":\"read\"}").get("secret").asText();
        assertThat(api().get("/v1/orgs/keys-used/api-keys", ada).json().get("items").get(0).path("lastUsedAt")
                .isTextual()).isFalse();

        assertThat(containerFetch(secret).status()).isEqualTo(200);
        Api.Reply replayable = api().send(api().request("/v1/orgs/keys-used/api-keys", ada)
                .header("Content-Type", "application/json").header("Idempotency-Key", "k-1")
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"x\",\"access\":\"read\"}")));

        JsonNode listed = api().get("/v1/orgs/keys-used/api-keys", ada).json().get("items");
        assertThat(Instant.parse(listed.get(0).get("lastUsedAt").asText()))
                .isAfter(Instant.now().minus(Duration.ofMinutes(1)));
        assertThat(replayable.status()).isEqualTo(400);
        assertThat(listed).hasSize(1);
    }

    @Test
    void revokedKey_stopsAtOnce() {
        String ada = owner("keys-revoke");
        JsonNode created = createKey("keys-revoke", ada, "{\"name\":\"w\",\"access\":\"read\"}");
        String secret = created.get("secret").asText();
        assertThat(containerFetch(secret).status()).isEqualTo(200);

        Api.Reply revoked = api().send(api().request("/v1/orgs/keys-revoke/api-keys/" + created.get("id").asText(), ada)
                .DELETE());

        assertThat(revoked.status()).isEqualTo(204);
        Api.Reply refused = containerFetch(secret);
        assertThat(refused.status()).as(refused.body()).isEqualTo(401);
        assertThat(refused.json().get("code").asText()).isEqualTo("invalid-api-key");
        assertThat(api().get("/v1/orgs/keys-revoke/api-keys", ada).json().get("items")).isEmpty();
        assertThat(api().send(api().request("/v1/orgs/keys-revoke/api-keys/" + created.get("id").asText(), ada)
                .DELETE()).status()).isEqualTo(404);
    }

    @Test
    void expiredKey_doesNotWork() {
        String ada = owner("keys-expired");
        JsonNode created = createKey("keys-expired", ada, "{\"name\":\"w\",\"access\":\"read\",\"expiresInDays\":1}");
        String secret = created.get("secret").asText();
        platform.updateItem(u -> u.tableName(tableName).key(Map.of("PK", AttributeValue.fromS("TENANT#keys-expired#"),
                        "SK", AttributeValue.fromS("APIKEY#" + created.get("id").asText())))
                .updateExpression("SET validUntil = :past")
                .expressionAttributeValues(Map.of(":past", AttributeValue.fromS(Instant.now().minusSeconds(1).toString()))));

        assertThat(containerFetch(secret).status()).isEqualTo(401);
    }

    @Test
    void suspendedOrganisation_keysGetNothing_untilResumed() {
        String ada = owner("keys-suspended");
        String secret = createKey("keys-suspended", ada, "{\"name\":\"w\",\"access\":\"read\"}").get("secret").asText();
        String admin = tokens().mint("{\"sub\":\"root\",\"email\":\"root@example.com\",\"roles\":[\"platform-admin\"]}");

        api().post("/v1/admin/tenants/keys-suspended/suspend", "", admin);
        Api.Reply suspended = containerFetch(secret);
        api().post("/v1/admin/tenants/keys-suspended/resume", "", admin);

        assertThat(suspended.status()).isEqualTo(423);
        assertThat(containerFetch(secret).status()).isEqualTo(200);
    }

    @Test
    void deletedOrganisation_keysStopWorking() {
        String ada = owner("keys-deleted");
        String secret = createKey("keys-deleted", ada, "{\"name\":\"w\",\"access\":\"read\"}").get("secret").asText();

        api().send(api().request("/v1/orgs/keys-deleted", ada).DELETE());

        assertThat(containerFetch(secret).status()).isEqualTo(401);
    }

    @Test
    void keysPerOrganisation_areBounded_andRevokingFreesASlot() {
        String ada = owner("keys-bound");
        JsonNode first = createKey("keys-bound", ada, "{\"name\":\"a\",\"access\":\"read\"}");
        createKey("keys-bound", ada, "{\"name\":\"b\",\"access\":\"read\"}");
        createKey("keys-bound", ada, "{\"name\":\"c\",\"access\":\"read\"}");

        Api.Reply fourth = api().post("/v1/orgs/keys-bound/api-keys", "{\"name\":\"d\",\"access\":\"read\"}", ada);
        api().send(api().request("/v1/orgs/keys-bound/api-keys/" + first.get("id").asText(), ada).DELETE());
        Api.Reply afterRevoke = api().post("/v1/orgs/keys-bound/api-keys", "{\"name\":\"d\",\"access\":\"read\"}", ada);

        assertThat(fourth.status()).isEqualTo(409);
        assertThat(fourth.json().get("code").asText()).isEqualTo("api-key-limit-reached");
        assertThat(afterRevoke.status()).isEqualTo(201);
    }

    @Test
    void plainMembers_cannotManageKeys_andMalformedKeysAreRefused() {
        String ada = owner("keys-roles");
        MembershipFixtures.add(platform, tableName, "keys-roles", "carl", GroupName.MEMBER);
        String carl = tokens().mint("carl", "carl@example.com");

        assertThat(api().post("/v1/orgs/keys-roles/api-keys", "{\"name\":\"a\",\"access\":\"read\"}", carl).status())
                .isEqualTo(403);
        assertThat(api().get("/v1/orgs/keys-roles/api-keys", carl).status()).isEqualTo(403);
        assertThat(containerFetch("enclave_keys-roles_aaaaaaaaaaaaaaaa_" + "a".repeat(52)).status()).isEqualTo(401);
        assertThat(containerFetch("not a key").status()).isEqualTo(401);
        assertThat(api().hostile().send(api().request("/v1/backend/credentials", null).GET()).status())
                .isEqualTo(401);
        assertThat(api().hostile().post("/v1/orgs/keys-roles/api-keys", "{\"name\":\"\",\"access\":\"read\"}", ada)
                .status()).isEqualTo(400);
    }

    private String owner(String org) {
        String ada = tokens().mint("ada", "ada@example.com");
        assertThat(api().post("/v1/orgs", "{\"id\":\"" + org + "\",\"name\":\"Org\"}", ada).status()).isEqualTo(201);
        return ada;
    }

    private JsonNode createKey(String org, String token, String body) {
        Api.Reply reply = api().post("/v1/orgs/" + org + "/api-keys", body, token);
        assertThat(reply.status()).isEqualTo(201);
        return reply.json();
    }

    /**
     * Sessions issued for {@code tenant}; the app's own background sessions (the owed-work sweep's read of its
     * index) are untagged and may start at any moment, so a count of every AssumeRole is not this test's to assert.
     */
    @Test
    void keysNeverIssued_costNoTenantsSessionAndNoCachedScope() {
        java.security.SecureRandom random = new java.security.SecureRandom();
        List<String> tenants = java.util.stream.IntStream.range(0, 20).mapToObj(i -> "never-seen-" + i).toList();

        List<Integer> statuses = tenants.stream().map(tenant -> containerFetch(ApiKeySecret.issue(
                dev.enclave.identity.TenantId.of(tenant), ApiKeyId.random(random), random).reveal()).status())
                .toList();

        assertThat(statuses).containsOnly(401);
        assertThat(tenants).allSatisfy(tenant -> assertThat(sessionsFor(tenant)).as(tenant).isZero());
    }

    @Test
    void aKeyCreatedBeforeLookupEntries_worksOnceTheUpgradesBackfillHasRun() {
        String owner = journeys().organisation("keys-legacy");
        String secret = api().post("/v1/orgs/keys-legacy/api-keys", "{\"name\":\"old\",\"access\":\"read\"}",
                owner).json().get("secret").asText();
        ApiKeySecret key = ApiKeySecret.parse(secret).orElseThrow();
        platform.deleteItem(b -> b.tableName(tableName).key(ApiKeyKeys.lookup(key.tenant(), key.id()).asMap()));
        assertThat(containerFetch(secret).status()).as("as a key of before the upgrade").isEqualTo(401);

        var counts = dev.enclave.app.infra.consistency.ApiKeyLookupBackfill.backfill(platform, tableName);
        var again = dev.enclave.app.infra.consistency.ApiKeyLookupBackfill.backfill(platform, tableName);

        assertThat(counts.written()).isEqualTo(1);
        assertThat(again.written()).as("a second run changes nothing").isZero();
        assertThat(containerFetch(secret).status()).isEqualTo(200);
    }

    private static long sessionsFor(String tenant) {
        return SharedSandbox.instance().sts().assumeRoleCountTagged("TenantId", tenant);
    }

    private Api.Reply containerFetch(String key) {
        HttpRequest.Builder request = api().request("/v1/backend/credentials", null).GET();
        return api().send(key == null ? request : request.header("Authorization", key));
    }

}
