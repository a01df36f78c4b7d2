package dev.enclave.app.edge.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.ProductionServer;
import dev.enclave.app.support.TestIdentityProvider;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.time.Duration;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A production-shaped server trusting an identity provider on loopback: keys rotate, the provider goes down and
 * comes back, and tokens of every kind arrive. Timings are shortened (1 s between fetches, 2 s of staleness).
 */
@MicronautTest(environments = "local")
class IdentityProviderIT extends LocalStackTest {

    private static final Duration PATIENCE = Duration.ofSeconds(15);
    private static final Map<String, Object> SHORT_TIMINGS = Map.of(
            "enclave.auth.jwks-min-fetch-interval", "1s",
            "enclave.auth.jwks-refresh-interval", "1s",
            "enclave.auth.jwks-max-staleness", "3s");

    private TestIdentityProvider idp;
    private RSAKey first;

    @BeforeEach
    void startProvider() {
        idp = new TestIdentityProvider();
        first = idp.addKey("first");
    }

    @AfterEach
    void stopProvider() {
        idp.close();
    }

    @Test
    void theKeySet_isFetchedAtStart_beforeAnyToken() throws Exception {
        try (EmbeddedServer production = start(Map.of())) {
            await().atMost(PATIENCE).until(() -> idp.fetches() > 0);

            assertThat(idp.fetches()).isEqualTo(1);
        }
    }

    @Test
    void aRotatedInKey_isAcceptedWithinSeconds_andAForgedKeyIdCannotMakeItFetchMore() throws Exception {
        try (EmbeddedServer production = start(Map.of())) {
            Api api = new Api(production.getURI());
            assertThat(api.get("/v1/me", token(first, "u-1")).status()).isEqualTo(200);
            RSAKey second = idp.addKey("second");

            await().atMost(PATIENCE).until(() -> api.get("/v1/me", token(second, "u-2")).status() == 200);
            RSAKey stranger = new RSAKeyGenerator(2048).generate();
            int fetches = idp.fetches();
            for (int i = 0; i < 20; i++) {
                RSAKey forged = new RSAKey.Builder(stranger).keyID("forged-" + i).build();
                assertThat(api.get("/v1/me", token(forged, "mallory")).status()).isEqualTo(401);
            }
            assertThat(idp.fetches() - fetches).as("fetches for 20 unknown key ids in well under a second")
                    .isLessThanOrEqualTo(1);
        }
    }

    @Test
    void duringAnOutage_cachedKeysKeepWorking_healthSaysDegraded_thenNoKeyIs503_andRecoveryNeedsNoRestart()
            throws Exception {
        try (EmbeddedServer production = start(Map.of())) {
            Api api = new Api(production.getURI());
            assertThat(api.get("/v1/me", token(first, "u-1")).status()).isEqualTo(200);
            idp.goDown();
            String whileDown = token(first, "u-2");
            java.util.concurrent.atomic.AtomicInteger tried = new java.util.concurrent.atomic.AtomicInteger();
            await().atMost(PATIENCE).until(() -> api.get("/v1/me", token(first, "w-" + tried.incrementAndGet()))
                    .status() == 200 && api.get("/health", whileDown).json()
                    .at("/details/identityProvider/details/lastFailure").asText().contains("503"));

            assertThat(api.get("/v1/me", whileDown).status()).as("a new token, cached key").isEqualTo(200);
            Api.Reply health = api.get("/health", whileDown);
            assertThat(health.status()).as("still serving").isEqualTo(200);
            assertThat(health.json().at("/details/identityProvider/status").asText()).isEqualTo("DEGRADED");
            assertThat(health.json().at("/details/identityProvider/details/lastFailure").asText()).contains("503");
            assertThat(api.get("/prometheus", null).body())
                    .containsPattern("enclave_auth_jwks_fetches_total\\{outcome=\"failed\"[^}]*} [1-9]");

            await().atMost(PATIENCE).until(() -> api.get("/v1/me", token(first, "u-4")).status() == 503);
            Api.Reply refused = api.get("/v1/me", token(first, "u-3"));
            assertThat(refused.status()).isEqualTo(503);
            assertThat(refused.contentType()).isEqualTo("application/problem+json");
            assertThat(refused.json().get("type").asText()).endsWith("service-unavailable");
            assertThat(Integer.parseInt(refused.header("Retry-After"))).isBetween(1, 1);
            assertThat(api.get("/health", null).status()).isEqualTo(503);

            idp.comeBack();
            await().atMost(PATIENCE).until(() -> api.get("/v1/me", token(first, "u-3")).status() == 200);
        }
    }

    @Test
    void duringAnOutage_aCachedKeyKeepsValidating_whileAnUnknownKeyIdIs503WithRetryAfter_notRefused()
            throws Exception {
        try (EmbeddedServer production = start(Map.of())) {
            Api api = new Api(production.getURI());
            assertThat(api.get("/v1/me", token(first, "u-1")).status()).isEqualTo(200);
            idp.goDown();
            RSAKey rotatedIn = new RSAKeyGenerator(2048).keyID("rotated-in-while-down").generate();
            await().atMost(PATIENCE).until(() -> api.get("/v1/me", token(rotatedIn, "u-1")).status() == 503);

            Api.Reply unknown = api.get("/v1/me", token(rotatedIn, "u-2"));
            Api.Reply cached = api.get("/v1/me", token(first, "u-3"));

            assertThat(unknown.status()).as("the key may be new: the client should retry, not sign in again")
                    .isEqualTo(503);
            assertThat(unknown.contentType()).isEqualTo("application/problem+json");
            assertThat(unknown.json().get("code").asText()).isEqualTo("service-unavailable");
            assertThat(Integer.parseInt(unknown.header("Retry-After"))).isPositive();
            assertThat(cached.status()).isEqualTo(200);
        }
    }

    @Test
    void aValidatedToken_stopsWorking_whenItsKeyLeavesTheKeySet() throws Exception {
        try (EmbeddedServer production = start(Map.of())) {
            Api api = new Api(production.getURI());
            String remembered = token(first, "u-1");
            assertThat(api.get("/v1/me", remembered).status()).isEqualTo(200);
            RSAKey second = idp.addKey("second");
            idp.removeKey(first);

            await("fetches the set without first").atMost(PATIENCE)
                    .until(() -> api.get("/v1/me", token(second, "u-2")).status() == 200);
            assertThat(api.get("/v1/me", remembered).status()).isEqualTo(401);
        }
    }

    @Test
    void cognitoAccessTokens_workWithClientIdAndTokenUseSettings_andIdTokensDoNot() {
        Map<String, Object> cognito = Map.of("enclave.auth.audience-claim", "client_id",
                "enclave.auth.token-use", "access", "enclave.auth.audience", "app-client-1");
        try (EmbeddedServer production = start(cognito)) {
            Api api = new Api(production.getURI());
            String access = TestIdentityProvider.token(first, "cognito-user",
                    claims -> claims.audience((String) null).claim("client_id", "app-client-1")
                            .claim("token_use", "access").claim("cognito:groups", java.util.List.of("g")));
            String id = TestIdentityProvider.token(first, "cognito-user",
                    claims -> claims.audience("app-client-1").claim("token_use", "id"));

            Api.Reply me = api.get("/v1/me", access);
            assertThat(me.status()).isEqualTo(200);
            assertThat(me.json().get("userId").asText()).isEqualTo("cognito-user");
            assertThat(api.get("/v1/me", id).status()).isEqualTo(401);
        }
    }

    @Test
    void algorithmsOtherThanTheConfiguredOnes_areRefused() throws Exception {
        try (EmbeddedServer production = start(Map.of())) {
            String ps256 = dev.enclave.app.support.Tokens.sign(
                    new com.nimbusds.jwt.JWTClaimsSet.Builder().issuer(TestIdentityProvider.ISSUER)
                            .audience("enclave").subject("u").expirationTime(
                                    java.util.Date.from(java.time.Instant.now().plusSeconds(600))).build(),
                    new com.nimbusds.jose.JWSHeader.Builder(com.nimbusds.jose.JWSAlgorithm.PS256)
                            .keyID(first.getKeyID()).build(),
                    dev.enclave.app.support.Tokens.rsaSigner(first));

            assertThat(new Api(production.getURI()).get("/v1/me", ps256).status()).isEqualTo(401);
        }
    }

    private EmbeddedServer start(Map<String, Object> overrides) {
        Map<String, Object> settings = new java.util.HashMap<>(SHORT_TIMINGS);
        settings.putAll(overrides);
        return ProductionServer.start(tableName, idp.jwksUrl(), TestIdentityProvider.ISSUER, settings);
    }

    private static String token(RSAKey key, String subject) {
        return TestIdentityProvider.token(key, subject, UnaryOperator.identity());
    }
}
