package dev.enclave.app.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.PlainJWT;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.ProductionServer;
import dev.enclave.app.support.Tokens;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A non-local server ("production" shape) next to a local one that plays the identity provider: tokens are
 * validated through the provider's JWKS URL, and nothing local exists.
 */
@MicronautTest(environments = "local")
class NonLocalEnvironmentIT extends LocalStackTest {

    @Test
    void start_withoutRequiredSettings_failsNamingEachOne() {
        assertThatThrownBy(() -> ApplicationContext.run(EmbeddedServer.class, Map.of(), "prodlike").close())
                .hasStackTraceContaining("missing required settings")
                .hasStackTraceContaining("enclave.table.name (ENCLAVE_TABLE_NAME)")
                .hasStackTraceContaining("enclave.auth.jwks-url (ENCLAVE_AUTH_JWKS_URL)")
                .hasStackTraceContaining("enclave.auth.issuer (ENCLAVE_AUTH_ISSUER)")
                .hasStackTraceContaining("enclave.auth.audience (ENCLAVE_AUTH_AUDIENCE)")
                .hasStackTraceContaining("enclave.tenancy.role-arn (ENCLAVE_TENANCY_ROLE_ARN)")
                .hasStackTraceContaining("enclave.tenancy.table-arn (ENCLAVE_TENANCY_TABLE_ARN)")
                .hasStackTraceContaining("enclave.idempotency.sealing-keys (ENCLAVE_IDEMPOTENCY_SEALING_KEYS)");
    }

    @Test
    void token_fromTheIdentityProvider_isValidatedThroughItsJwks() {
        String token = tokens().mint("""
                {"sub":"idp|42","email":"p@example.com","tenant":"acme"}""");
        try (EmbeddedServer production = startProduction()) {
            Api.Reply reply = new Api(production.getURI()).get("/v1/me", token);

            assertThat(reply.status()).isEqualTo(200);
            assertThat(reply.json().get("userId").asText()).isEqualTo("idp|42");
        }
    }

    @Test
    void token_unsignedOrSignedByAStranger_isRejectedThroughTheJwks() throws Exception {
        RSAKey stranger = new RSAKeyGenerator(2048).keyID(tokens().issuerKey().getKeyID()).generate();
        String forged = Tokens.sign(Tokens.validClaims("mallory").build(),
                new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(stranger.getKeyID()).build(),
                Tokens.rsaSigner(stranger));
        String unsigned = new PlainJWT(Tokens.validClaims("nobody").build()).serialize();
        try (EmbeddedServer production = startProduction()) {
            Api api = new Api(production.getURI());

            assertThat(api.get("/v1/me", forged).status()).isEqualTo(401);
            assertThat(api.get("/v1/me", unsigned).status()).isEqualTo(401);
        }
    }

    @Test
    void localEndpoints_outsideLocal_doNotExist() {
        try (EmbeddedServer production = startProduction()) {
            Api api = new Api(production.getURI());

            assertThat(api.post("/local/tokens", "{\"sub\":\"u\",\"email\":\"u@example.com\"}", null).status())
                    .isEqualTo(404);
            assertThat(api.get("/.well-known/jwks.json", null).status()).isEqualTo(404);
            assertThat(api.get("/health", null).json().get("status").asText()).isEqualTo("UP");
        }
    }

    @Test
    void token_withAnotherAudience_isRejectedByTheProductionConfiguration() {
        String token = tokens().mint("u", "u@example.com");
        try (EmbeddedServer production = startProduction(Map.of("enclave.auth.audience", "other-api"))) {
            assertThat(new Api(production.getURI()).get("/v1/me", token).status()).isEqualTo(401);
        }
    }

    private EmbeddedServer startProduction() {
        return startProduction(Map.of());
    }

    private EmbeddedServer startProduction(Map<String, Object> overrides) {
        return ProductionServer.start(tableName, server.getURI().resolve("/.well-known/jwks.json").toString(),
                "enclave-local", overrides);
    }
}
