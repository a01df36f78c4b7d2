package dev.enclave.app.infra.startup;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import org.junit.jupiter.api.Test;

@MicronautTest(environments = "local")
class OperabilityIT extends LocalStackTest {

    @Test
    void health_onTheLocalStack_isUp() {
        Api.Reply reply = api().get("/health", null);

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.json().get("status").asText()).isEqualTo("UP");
    }

    @Test
    void readiness_checksTheTable() {
        Api.Reply reply = api().get("/health/readiness", null);

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.json().at("/details/dynamodb/details/table").asText()).isEqualTo(tableName);
        assertThat(reply.json().at("/details/dynamodb/status").asText()).isEqualTo("UP");
    }

    @Test
    void liveness_isUp() {
        assertThat(api().get("/health/liveness", null).status()).isEqualTo(200);
    }

    @Test
    void prometheus_exposesHttpServerMetrics() {
        api().get("/health", null);

        Api.Reply reply = api().get("/prometheus", null);

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.body()).contains("http_server_requests_seconds_count");
    }

    @Test
    void jwks_ofTheLocalIssuer_isPublished() {
        Api.Reply reply = api().get("/.well-known/jwks.json", null);

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.json().get("keys").get(0).get("kty").asText()).isEqualTo("RSA");
        assertThat(reply.json().get("keys").get(0).has("d")).as("no private part").isFalse();
    }
}
