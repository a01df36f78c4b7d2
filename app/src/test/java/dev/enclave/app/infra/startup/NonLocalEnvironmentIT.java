package dev.enclave.app.infra.startup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.PlainJWT;
import dev.enclave.app.local.LocalSandbox;
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
                .satisfies(e -> assertThat(Startup.refusal(e)).isPresent())
                .hasStackTraceContaining("enclave.table.name (ENCLAVE_TABLE_NAME) is required")
                .hasStackTraceContaining("enclave.auth.jwks-url (ENCLAVE_AUTH_JWKS_URL) is required")
                .hasStackTraceContaining("enclave.auth.issuer (ENCLAVE_AUTH_ISSUER) is required")
                .hasStackTraceContaining("enclave.auth.audience (ENCLAVE_AUTH_AUDIENCE) is required")
                .hasStackTraceContaining("enclave.tenancy.role-arn (ENCLAVE_TENANCY_ROLE_ARN) is required")
                .hasStackTraceContaining("enclave.tenancy.table-arn (ENCLAVE_TENANCY_TABLE_ARN) is required")
                .hasStackTraceContaining("enclave.idempotency.sealing-keys (ENCLAVE_IDEMPOTENCY_SEALING_KEYS) is "
                        + "required")
                .hasStackTraceContaining("enclave.cursor-key (ENCLAVE_CURSOR_KEY) is required");
    }

    @Test
    void start_withUnreadableSettings_failsNamingEachOne_beforeAnythingStarts() {
        Map<String, Object> bad = new java.util.HashMap<>(Map.of(
                "enclave.tenancy.table-arn", "nonsense",
                "enclave.tenancy.role-arn", "arn:aws:iam::123:user/x",
                "enclave.tenancy.mode", "magic",
                "enclave.auth.jwks-url", "http://idp.example/jwks",
                "enclave.auth.jwks-key-type", "HMAC",
                "enclave.auth.audience-claim", "azp",
                "enclave.auth.token-use", "refresh",
                "enclave.auth.jwks-max-staleness", "soon",
                "enclave.idempotency.sealing-keys", "c2hvcnQ=",
                "aws.region", "Europe"));
        bad.put("enclave.auth.algorithms", "RS256,none");
        bad.put("enclave.cursor-key", "too-short");

        Throwable refused = Startup.refusal(catchThrowable(() -> ProductionServer.start(tableName,
                "https://idp.example/jwks", "https://idp.example/", bad).close())).orElseThrow();

        assertThat(refused.getMessage().lines().filter(line -> line.startsWith("  - ")))
                .anyMatch(l -> l.contains("enclave.tenancy.table-arn (ENCLAVE_TENANCY_TABLE_ARN) not a DynamoDB"))
                .anyMatch(l -> l.contains("enclave.tenancy.role-arn") && l.contains("an IAM role ARN"))
                .anyMatch(l -> l.contains("enclave.tenancy.mode") && l.contains("'magic'"))
                .anyMatch(l -> l.contains("enclave.auth.jwks-url") && l.contains("https"))
                .anyMatch(l -> l.contains("enclave.auth.jwks-key-type") && l.contains("'HMAC'"))
                .anyMatch(l -> l.contains("enclave.auth.audience-claim") && l.contains("'azp'"))
                .anyMatch(l -> l.contains("enclave.auth.token-use") && l.contains("'refresh'"))
                .anyMatch(l -> l.contains("enclave.auth.jwks-max-staleness") && l.contains("'soon'"))
                .anyMatch(l -> l.contains("enclave.idempotency.sealing-keys") && l.contains("32 bytes"))
                .anyMatch(l -> l.contains("aws.region") && l.contains("'Europe'"))
                .anyMatch(l -> l.contains("enclave.cursor-key (ENCLAVE_CURSOR_KEY) must be at least 32 characters"))
                .hasSize(11);
        assertThat(refused.getMessage()).doesNotContain("enclave.auth.algorithms")
                .as("the algorithms are judged only once the key type is readable");
    }

    @Test
    void start_withATableArnOfAnotherTable_isRefused() {
        Throwable refused = Startup.refusal(catchThrowable(() -> ProductionServer.start(tableName,
                "https://idp.example/jwks", "https://idp.example/",
                Map.of("enclave.tenancy.table-arn", LocalSandbox.tableArn("another").value())).close()))
                .orElseThrow();

        assertThat(refused.getMessage()).contains("must name the table enclave.table.name names");
    }

    @Test
    void start_withATableArnInAnotherRegion_isRefused() {
        String elsewhere = LocalSandbox.tableArn(tableName).value().replace(":us-east-1:", ":eu-west-1:");
        Throwable refused = Startup.refusal(catchThrowable(() -> ProductionServer.start(tableName,
                "https://idp.example/jwks", "https://idp.example/", Map.of("enclave.tenancy.table-arn", elsewhere))
                .close())).orElseThrow();

        assertThat(refused.getMessage()).contains("must name a table in aws.region ('us-east-1')");
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
