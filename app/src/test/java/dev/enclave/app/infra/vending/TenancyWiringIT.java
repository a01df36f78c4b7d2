package dev.enclave.app.infra.vending;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.SharedSandbox;
import dev.enclave.tenancy.guard.GuardScope;
import dev.enclave.tenancy.guard.IsolationViolationException;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The app's wiring: tenant clients vend scoped credentials from the local STS and carry the guard. */
@MicronautTest(environments = "local")
class TenancyWiringIT extends LocalStackTest {

    @Inject
    TenantDynamoDb tenants;

    @Inject
    MeterRegistry meters;

    @Test
    void tenantClient_readsAndWritesItsOwnItems_onScopedCredentials() {
        int before = SharedSandbox.instance().sts().assumeRoleCountTagged("TenantId", "wiring-acme");
        DynamoDbClient acme = tenants.forScope(scope("wiring-acme"));

        acme.putItem(b -> b.tableName(tableName).item(key("TENANT#wiring-acme#ORG")));
        acme.getItem(b -> b.tableName(tableName).key(key("TENANT#wiring-acme#ORG")));
        tenants.forScope(scope("wiring-acme")).getItem(b -> b.tableName(tableName).key(key("TENANT#wiring-acme#ORG")));

        assertThat(SharedSandbox.instance().sts().assumeRoleCountTagged("TenantId", "wiring-acme"))
                .isEqualTo(before + 1);
    }

    @Test
    void tenantRequests_recordCallsAndConsumedCapacityPerOperation() {
        DynamoDbClient acme = tenants.forScope(scope("wiring-capacity"));

        acme.putItem(b -> b.tableName(tableName).item(key("TENANT#wiring-capacity#ORG")));

        assertThat(meters.counter("enclave.dynamodb.calls", "operation", "PutItem", "outcome", "ok", "method", "none",
                "uri", "none").count()).isGreaterThanOrEqualTo(1);
        assertThat(meters.summary("enclave.dynamodb.capacity", "operation", "PutItem", "outcome", "ok", "method",
                "none", "uri", "none").totalAmount()).isPositive();
    }

    @Test
    void apiRequests_recordDynamoDbCallsAndCapacity_underTheirRouteTemplate() {
        String token = tokens().mint("ada", "ada@example.com");
        api().post("/v1/orgs", "{\"id\":\"wiring-route\",\"name\":\"Route\"}", token);
        double before = meters.counter("enclave.dynamodb.calls", "operation", "BatchGetItem", "outcome", "ok",
                "method", "GET", "uri", "/v1/orgs/{org}").count();

        assertThat(api().get("/v1/orgs/wiring-route", token).status()).isEqualTo(200);

        assertThat(meters.counter("enclave.dynamodb.calls", "operation", "BatchGetItem", "outcome", "ok",
                "method", "GET", "uri", "/v1/orgs/{org}").count()).isEqualTo(before + 1);
        assertThat(meters.summary("enclave.dynamodb.capacity", "operation", "TransactWriteItems", "outcome", "ok",
                "method", "POST", "uri", "/v1/orgs").totalAmount()).isPositive();
    }

    @Test
    void refusedWrites_countAsRefusedCalls_ofTheirEndpoint() {
        String token = tokens().mint("ada", "ada@example.com");
        api().post("/v1/orgs", "{\"id\":\"wiring-taken\",\"name\":\"Taken\"}", token);
        double before = meters.counter("enclave.dynamodb.calls", "operation", "TransactWriteItems", "outcome",
                "refused", "method", "POST", "uri", "/v1/orgs").count();

        assertThat(api().post("/v1/orgs", "{\"id\":\"wiring-taken\",\"name\":\"Again\"}", token).status())
                .isEqualTo(409);

        assertThat(meters.counter("enclave.dynamodb.calls", "operation", "TransactWriteItems", "outcome", "refused",
                "method", "POST", "uri", "/v1/orgs").count()).isEqualTo(before + 1);
    }

    @Test
    void stsUnavailable_forATenantWithoutCachedCredentials_isServiceUnavailableWithRetryAfter() {
        String token = tokens().mint("ada", "ada@example.com");
        SharedSandbox.instance().sts().throttleNext(1_000);
        try {
            var reply = api().get("/v1/orgs/wiring-no-credentials", token);

            assertThat(reply.status()).isEqualTo(503);
            assertThat(reply.header("Retry-After")).isEqualTo("5");
            assertThat(reply.json().get("code").asText()).isEqualTo("service-unavailable");
        } finally {
            SharedSandbox.instance().sts().throttleNext(0);
        }
    }

    @Test
    void tenantClient_onAnotherTenantsKey_isRefusedAndCounted() {
        assertThatThrownBy(() -> tenants.forScope(scope("wiring-acme"))
                .getItem(b -> b.tableName(tableName).key(key("TENANT#wiring-beta#ORG"))))
                .isInstanceOf(IsolationViolationException.class);

        assertThat(meters.counter("enclave.isolation.guard.refused", "operation", "GetItem",
                "reason", "partition-key-outside-scope").count()).isGreaterThanOrEqualTo(1);
    }

    private static GuardScope scope(String tenant) {
        return GuardScope.of(Set.of("TENANT#" + tenant + "#"), false);
    }

    private static Map<String, AttributeValue> key(String pk) {
        return Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS("ORG"));
    }
}
