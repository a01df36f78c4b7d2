package dev.enclave.app.domain.apikey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.enclave.app.local.LocalSandbox;
import dev.enclave.app.support.CheckedFront;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.sandbox.LocalAwsSandbox;
import dev.enclave.sandbox.sigv4.Principal;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.ContainerCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The AWS SDK's container credentials provider refreshes by itself when the credentials it holds near expiry. The
 * sandbox here runs 14 minutes behind, so the shortest STS session (15 minutes) it issues expires one real minute
 * after it is handed out: the SDK must fetch again on its next use, and the new credentials work.
 */
@MicronautTest(environments = "local")
class ContainerCredentialsRefreshIT extends LocalStackTest {

    private static final LocalAwsSandbox BEHIND = LocalAwsSandbox.start(Optional.empty(),
            Principal.localApplication(), Map.of(LocalSandbox.TENANT_ROLE,
                    LocalSandbox.tenantRolePermissions("placeholder").replace("table/placeholder", "table/*")),
            Clock.offset(Clock.systemUTC(), Duration.ofMinutes(-14)));

    private static final Duration NOT_HUNG = Duration.ofSeconds(30);

    @Inject
    MeterRegistry meters;

    @Override
    protected Map<String, String> settings() {
        Map<String, String> settings = new HashMap<>();
        LocalSandbox.properties(BEHIND).forEach((key, value) -> settings.put(key, String.valueOf(value)));
        settings.put("enclave.backends.session-duration", "15m");
        return settings;
    }

    @AfterAll
    static void stopSandbox() {
        BEHIND.close();
    }

    @Test
    void credentialsNearExpiry_areFetchedAgainByTheSdk_andBothWork() throws Exception {
        String ada = tokens().mint("ada", "ada@example.com");
        api().post("/v1/orgs", "{\"id\":\"keys-refresh\",\"name\":\"Refresh\"}", ada);
        var created = api().post("/v1/orgs/keys-refresh/api-keys", "{\"name\":\"w\",\"access\":\"readwrite\"}", ada)
                .json();
        String prefix = created.get("dataNamespace").get("keyPrefix").asText();
        long before = fetches();

        CheckedFront enclave = CheckedFront.to(api());
        System.setProperty("aws.containerCredentialsFullUri", enclave.url("/v1/backend/credentials"));
        System.setProperty("aws.containerAuthorizationToken", created.get("secret").asText());
        try (enclave; ContainerCredentialsProvider provider = ContainerCredentialsProvider.builder().build();
             DynamoDbClient backend = DynamoDbClient.builder().credentialsProvider(provider)
                     .endpointOverride(BEHIND.dynamoDbEndpoint()).region(Region.US_EAST_1)
                     .httpClient(UrlConnectionHttpClient.create()).build()) {
            AwsCredentials first = provider.resolveCredentials();
            backend.putItem(b -> b.tableName(tableName).item(item(prefix + "jobs", "j-1")));
            // On the SDK's own wall clock, credentials that came already stale are fetched again a second later.
            await().atMost(NOT_HUNG).until(() -> !provider.resolveCredentials().accessKeyId()
                    .equals(first.accessKeyId()));
            backend.putItem(b -> b.tableName(tableName).item(item(prefix + "jobs", "j-2")));

            assertThat(fetches() - before).isGreaterThanOrEqualTo(2);
        } finally {
            System.clearProperty("aws.containerCredentialsFullUri");
            System.clearProperty("aws.containerAuthorizationToken");
        }
    }

    private long fetches() {
        return meters.find("http.server.requests").tag("uri", "/v1/backend/credentials").timers().stream()
                .mapToLong(timer -> timer.count()).sum();
    }

    private static Map<String, AttributeValue> item(String pk, String sk) {
        return Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk));
    }
}
