package dev.enclave.app.edge.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jose.util.Base64URL;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.app.support.Tokens;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import org.junit.jupiter.api.Test;

@MicronautTest(environments = "local")
class AuthenticationIT extends LocalStackTest {

    @Test
    void me_withLocalToken_returnsTheIdentityTheAppUnderstood() {
        String token = tokens().mint("""
                {"sub":"auth0|u-1","email":"Ada@Example.com","tenant":"acme","roles":["platform-admin"]}""");

        Api.Reply reply = api().get("/v1/me", token);

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.json().get("userId").asText()).isEqualTo("auth0|u-1");
        assertThat(reply.json().get("email").asText()).as("the canonical form").isEqualTo("ada@example.com");
        assertThat(reply.json().get("emailVerified").asBoolean()).isTrue();
        assertThat(reply.json().get("tenant").asText()).isEqualTo("acme");
        assertThat(reply.json().get("roles").get(0).asText()).isEqualTo("platform-admin");
        assertThat(reply.json().get("issuer").asText()).isEqualTo("enclave-local");
    }

    @Test
    void me_withEmailVerifiedFalse_reportsItUnverified() {
        String token = tokens().mint("""
                {"sub":"u-2","email":"b@example.com","emailVerified":false}""");

        Api.Reply reply = api().get("/v1/me", token);

        assertThat(reply.json().get("emailVerified").asBoolean()).isFalse();
        assertThat(reply.json().get("tenant").isNull()).as("listed, with no value").isTrue();
    }

    @Test
    void me_withoutToken_isUnauthorizedProblem() {
        assertUnauthorized(api().hostile().get("/v1/me", null));
    }

    @Test
    void me_withGarbageToken_isUnauthorizedProblem() {
        assertUnauthorized(api().get("/v1/me", "not-a-jwt"));
    }

    @Test
    void me_withTokenSignedByAnotherKey_isUnauthorized() throws JOSEException {
        RSAKey stranger = new RSAKeyGenerator(2048).keyUse(KeyUse.SIGNATURE)
                .keyID(tokens().issuerKey().getKeyID()).generate();
        String forged = Tokens.sign(Tokens.validClaims("mallory").build(),
                new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(stranger.getKeyID()).build(),
                Tokens.rsaSigner(stranger));

        assertUnauthorized(api().get("/v1/me", forged));
    }

    @Test
    void me_withExpiredToken_isUnauthorized() {
        Instant past = Instant.now().minusSeconds(3600);
        JWTClaimsSet expired = Tokens.validClaims("late").issueTime(Date.from(past)).notBeforeTime(Date.from(past))
                .expirationTime(Date.from(past.plusSeconds(60))).build();

        assertUnauthorized(api().get("/v1/me", tokens().signWithIssuerKey(expired)));
    }

    @Test
    void me_withTokenNotYetValid_isUnauthorized() {
        Instant future = Instant.now().plusSeconds(3600);
        JWTClaimsSet early = Tokens.validClaims("early").notBeforeTime(Date.from(future))
                .expirationTime(Date.from(future.plusSeconds(60))).build();

        assertUnauthorized(api().get("/v1/me", tokens().signWithIssuerKey(early)));
    }

    @Test
    void me_withAlgNone_isUnauthorized() {
        String unsigned = new PlainJWT(Tokens.validClaims("nobody").build()).serialize();

        assertUnauthorized(api().get("/v1/me", unsigned));
    }

    @Test
    void me_withHmacTokenKeyedByThePublicKey_isUnauthorized() throws JOSEException {
        byte[] publicKeyAsSecret = tokens().issuerKey().toPublicJWK().toJSONString().getBytes(StandardCharsets.UTF_8);
        String confused = Tokens.sign(Tokens.validClaims("confused").build(),
                new JWSHeader.Builder(JWSAlgorithm.HS256).keyID(tokens().issuerKey().getKeyID()).build(),
                new MACSigner(publicKeyAsSecret));

        assertUnauthorized(api().get("/v1/me", confused));
    }

    @Test
    void me_withOtherIssuer_isUnauthorized() {
        JWTClaimsSet claims = Tokens.validClaims("u").issuer("https://evil.example").build();

        assertUnauthorized(api().get("/v1/me", tokens().signWithIssuerKey(claims)));
    }

    @Test
    void me_withAnIssuerThatIsAlmostTheConfiguredOne_isUnauthorized() {
        tokens().mint("u", "u@example.com");
        for (String almost : new String[] {"enclave-local/", "ENCLAVE-LOCAL", " enclave-local"}) {
            JWTClaimsSet claims = Tokens.validClaims("u").issuer(almost).build();

            assertUnauthorized(api().get("/v1/me", tokens().signWithIssuerKey(claims)));
        }
    }

    @Test
    void me_withTokenThatNeverExpires_isUnauthorized() {
        String minted = tokens().mint("u", "u@example.com");
        assertThat(api().get("/v1/me", minted).status()).isEqualTo(200);
        JWTClaimsSet claims = Tokens.validClaims("u").expirationTime(null).build();

        assertUnauthorized(api().get("/v1/me", tokens().signWithIssuerKey(claims)));
        assertThat(api().get("/v1/me", tokens().signWithIssuerKey(Tokens.validClaims("u").build())).status())
                .isEqualTo(200);
    }

    @Test
    void me_withOtherAudience_isUnauthorized() {
        JWTClaimsSet claims = Tokens.validClaims("u").audience("another-api").build();

        assertUnauthorized(api().get("/v1/me", tokens().signWithIssuerKey(claims)));
    }

    @Test
    void me_withTenantClaimThatIsNoTenantId_isUnauthorized() {
        JWTClaimsSet claims = Tokens.validClaims("u").claim("tenant", "acme*").build();

        assertUnauthorized(api().get("/v1/me", tokens().signWithIssuerKey(claims)));
    }

    @Test
    void me_withRolesThatAreNotStrings_isUnauthorized() {
        JWTClaimsSet claims = Tokens.validClaims("u").claim("roles", List.of(List.of("x"))).build();

        assertUnauthorized(api().get("/v1/me", tokens().signWithIssuerKey(claims)));
    }

    @Test
    void me_withTamperedPayload_isUnauthorized() {
        String[] parts = tokens().mint("honest", "h@example.com").split("\\.");
        String claims = new String(Base64URL.from(parts[1]).decode(), StandardCharsets.UTF_8)
                .replace("honest", "admin");
        String tampered = parts[0] + "." + Base64URL.encode(claims) + "." + parts[2];

        assertUnauthorized(api().get("/v1/me", tampered));
    }

    @Test
    void localTokens_withInvalidFields_isValidationProblemNamingEachField() {
        Api.Reply reply = api().post("/local/tokens", """
                {"sub":" ","email":"not-an-email","tenant":"ACME*","ttlSeconds":0}""", null);

        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.contentType()).isEqualTo("application/problem+json");
        assertThat(reply.json().get("code").asText()).isEqualTo("validation-failed");
        assertThat(reply.json().get("errors").findValuesAsText("field"))
                .containsExactly("email", "sub", "tenant", "ttlSeconds");
    }

    private static void assertUnauthorized(Api.Reply reply) {
        assertThat(reply.status()).isEqualTo(401);
        assertThat(reply.contentType()).isEqualTo("application/problem+json");
        assertThat(reply.json().get("type").asText()).isEqualTo("https://enclave.dev/problems/unauthorized");
        assertThat(reply.json().get("code").asText()).isEqualTo("unauthorized");
        assertThat(reply.body()).doesNotContain("Exception").doesNotContain("at dev.");
        assertThat(reply.header("Cache-Control")).as("kept by no cache, as every /v1 answer").isEqualTo("no-store");
        assertThat(reply.header("WWW-Authenticate")).as("RFC 9110: a 401 names its scheme").startsWith("Bearer");
    }
}
