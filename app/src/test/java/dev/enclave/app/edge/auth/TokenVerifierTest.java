package dev.enclave.app.edge.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.KeyType;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.enclave.sandbox.MutableClock;
import io.micronaut.http.HttpRequest;
import io.micronaut.security.authentication.Authentication;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

class TokenVerifierTest {

    private static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");
    private static final RSAKey RSA = generateRsa("rsa-1");
    private static final ECKey EC = generateEc("ec-1");
    private static final TokenRules RS256_ONLY = new TokenRules("https://idp.example/", "enclave-api",
            TokenRules.AudienceClaim.AUD, Optional.empty(), KeyType.RSA, Set.of(JWSAlgorithm.RS256),
            Duration.ofSeconds(30), Duration.ofHours(1));

    @Test
    void aGoodToken_isVerified_withItsKeyAndExpiry() {
        TokenVerifier.Outcome outcome = verify(RS256_ONLY, rsaToken(JWSAlgorithm.RS256, claims()));

        assertThat(outcome).isInstanceOf(TokenVerifier.Verified.class);
        TokenVerifier.Verified verified = (TokenVerifier.Verified) outcome;
        assertThat(verified.keyId()).isEqualTo("rsa-1");
        assertThat(verified.acceptedUntil()).isEqualTo(NOW.plusSeconds(600));
        assertThat(verified.caller().subject()).isEqualTo("user-1");
    }

    @Test
    void algorithmsOtherThanTheConfiguredOnes_areRefused_evenWithTheRightKey() {
        assertRefused(RS256_ONLY, rsaToken(JWSAlgorithm.PS256, claims()), "algorithm PS256");
        assertRefused(RS256_ONLY, rsaToken(JWSAlgorithm.RS512, claims()), "algorithm RS512");
    }

    @Test
    void configuredAlgorithms_areAccepted() {
        TokenRules rsaFamily = withAlgorithms(KeyType.RSA, JWSAlgorithm.RS256, JWSAlgorithm.PS256);

        assertThat(verify(rsaFamily, rsaToken(JWSAlgorithm.PS256, claims())))
                .isInstanceOf(TokenVerifier.Verified.class);
    }

    @Test
    void theKeyTypeSetting_isApplied() {
        TokenRules ecOnly = withAlgorithms(KeyType.EC, JWSAlgorithm.ES256);

        assertThat(verify(ecOnly, ecToken(claims()))).isInstanceOf(TokenVerifier.Verified.class);
        assertRefused(ecOnly, rsaToken(JWSAlgorithm.RS256, claims()), "algorithm RS256");
    }

    @Test
    void aKeyPublishedForAnotherAlgorithm_doesNotVerify() {
        RSAKey boundToRs512 = new RSAKey.Builder(RSA).algorithm(JWSAlgorithm.RS512).build();
        TokenRules both = withAlgorithms(KeyType.RSA, JWSAlgorithm.RS256, JWSAlgorithm.RS512);

        TokenVerifier.Outcome outcome = new TokenVerifier(both, new DefaultNames(), new Keys(boundToRs512),
                Clock.fixed(NOW, ZoneOffset.UTC)).verify(rsaToken(JWSAlgorithm.RS256, claims()))
                .toCompletableFuture().join();

        assertThat(outcome).isInstanceOf(TokenVerifier.Refused.class);
    }

    @Test
    void exp_isRequired_andAnExpiredTokenIsRefused() {
        assertRefused(RS256_ONLY, rsaToken(JWSAlgorithm.RS256, claims().expirationTime(null)), "no exp");
        assertRefused(RS256_ONLY, rsaToken(JWSAlgorithm.RS256,
                claims().expirationTime(Date.from(NOW.minusSeconds(31)))), "expired");
    }

    @Test
    void theIssuer_mustMatchExactly() {
        assertRefused(RS256_ONLY, rsaToken(JWSAlgorithm.RS256, claims().issuer("https://idp.example")), "issuer");
        assertRefused(RS256_ONLY, rsaToken(JWSAlgorithm.RS256, claims().issuer("https://IDP.example/")), "issuer");
    }

    @Test
    void aPlatformAdminsToken_isAcceptedOnlyWhileRecent_byItsIssueTime() {
        JWTClaimsSet.Builder admin = claims().claim("roles", List.of("platform-admin"));

        assertThat(verify(RS256_ONLY, rsaToken(JWSAlgorithm.RS256, admin))).isInstanceOf(TokenVerifier.Verified.class);
        assertRefused(RS256_ONLY, rsaToken(JWSAlgorithm.RS256, admin.issueTime(Date.from(NOW.minus(Duration.ofHours(2))))),
                "platform-admin token");
        assertRefused(RS256_ONLY, rsaToken(JWSAlgorithm.RS256, admin.issueTime(null)), "platform-admin token");
        assertRefused(RS256_ONLY, rsaToken(JWSAlgorithm.RS256, admin.issueTime(Date.from(NOW.plus(Duration.ofDays(30))))
                .expirationTime(Date.from(NOW.plus(Duration.ofDays(31))))), "platform-admin token");
        assertThat(verify(RS256_ONLY, rsaToken(JWSAlgorithm.RS256, claims().issueTime(Date.from(NOW.minus(
                Duration.ofHours(2))))))).as("anyone else's token is as old as its IdP makes it")
                .isInstanceOf(TokenVerifier.Verified.class);
    }

    @Test
    void aPlatformAdminsToken_isAcceptedUntilTheEndOfItsMaximumAge_evenWhenItsExpComesLater() {
        Instant issued = NOW.minus(Duration.ofMinutes(30));
        JWTClaimsSet.Builder longLived = claims().issueTime(Date.from(issued))
                .expirationTime(Date.from(issued.plus(Duration.ofHours(24))));

        TokenVerifier.Verified admin = (TokenVerifier.Verified) verify(RS256_ONLY, rsaToken(JWSAlgorithm.RS256,
                longLived.claim("roles", List.of("platform-admin"))));
        TokenVerifier.Verified member = (TokenVerifier.Verified) verify(RS256_ONLY, rsaToken(JWSAlgorithm.RS256,
                claims().issueTime(Date.from(issued)).expirationTime(Date.from(issued.plus(Duration.ofHours(24))))));

        assertThat(admin.acceptedUntil()).isEqualTo(issued.plus(Duration.ofHours(1)).plus(RS256_ONLY.clockSkew()));
        assertThat(member.acceptedUntil()).isEqualTo(issued.plus(Duration.ofHours(24)));
    }

    @Test
    void aCachedPlatformAdminsToken_isRefusedOnceItsMaximumAgeIsPast_thoughItsExpIsHoursAway() {
        MutableClock clock = new MutableClock();
        Instant issued = clock.instant();
        String token = rsaToken(JWSAlgorithm.RS256, claims().claim("roles", List.of("platform-admin"))
                .issueTime(Date.from(issued)).expirationTime(Date.from(issued.plus(Duration.ofHours(24)))));
        BearerTokenValidator validator = new BearerTokenValidator(new TokenVerifier(RS256_ONLY, new DefaultNames(),
                new Keys(RSA.toPublicJWK()), clock), new ValidatedTokens(100, clock));

        assertThat(validated(validator, token)).as("fresh, verified and cached").isNotNull();
        clock.advance(Duration.ofMinutes(59));
        assertThat(validated(validator, token)).as("within its hour").isNotNull();
        clock.advance(Duration.ofMinutes(2));
        assertThat(validated(validator, token)).as("past its hour, though cached and its exp 23 hours away")
                .isNull();
    }

    @Test
    void cognitoAccessTokens_areAcceptedByClientId_andTokenUse_whenConfigured() {
        TokenRules cognitoAccess = new TokenRules("https://idp.example/", "app-client-1",
                TokenRules.AudienceClaim.CLIENT_ID, Optional.of("access"), KeyType.RSA, Set.of(JWSAlgorithm.RS256),
                Duration.ofSeconds(30), Duration.ofHours(1));
        JWTClaimsSet.Builder access = claims().audience((String) null).claim("client_id", "app-client-1")
                .claim("token_use", "access");

        assertThat(verify(cognitoAccess, rsaToken(JWSAlgorithm.RS256, access)))
                .isInstanceOf(TokenVerifier.Verified.class);
        assertRefused(RS256_ONLY, rsaToken(JWSAlgorithm.RS256, access), "aud does not name");
        assertRefused(cognitoAccess, rsaToken(JWSAlgorithm.RS256, access.claim("token_use", "id")), "token_use");
        assertRefused(cognitoAccess, rsaToken(JWSAlgorithm.RS256,
                access.claim("token_use", "access").claim("client_id", "other-client")), "client_id");
    }

    @Test
    void aTokenWithoutKeyId_orWithAnUnknownOne_isRefused() {
        SignedJWT noKid = sign(new JWSHeader.Builder(JWSAlgorithm.RS256).build(), claims(), rsaSigner());
        assertRefused(RS256_ONLY, noKid.serialize(), "no key id");

        SignedJWT otherKid = sign(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("other").build(), claims(),
                rsaSigner());
        assertRefused(RS256_ONLY, otherKid.serialize(), "unknown key id");
    }

    @Test
    void whenNoKeyCanBeHad_theOutcomeSaysSo_withARetryTime() {
        SigningKeys down = new Keys() {
            @Override
            public CompletionStage<Lookup> find(String keyId) {
                return CompletableFuture.completedFuture(new Unavailable(Duration.ofSeconds(4)));
            }
        };
        TokenVerifier.Outcome outcome = new TokenVerifier(RS256_ONLY, new DefaultNames(), down,
                Clock.fixed(NOW, ZoneOffset.UTC)).verify(rsaToken(JWSAlgorithm.RS256, claims()))
                .toCompletableFuture().join();

        assertThat(outcome).isEqualTo(new TokenVerifier.NoKey(Duration.ofSeconds(4)));
    }

    @Test
    void aRefusedClaim_costsNoKeyLookup() {
        Keys counting = new Keys(RSA);

        new TokenVerifier(RS256_ONLY, new DefaultNames(), counting, Clock.fixed(NOW, ZoneOffset.UTC))
                .verify(rsaToken(JWSAlgorithm.RS256, claims().issuer("https://evil.example/")))
                .toCompletableFuture().join();

        assertThat(counting.lookups).isZero();
    }

    private static Authentication validated(BearerTokenValidator validator, String token) {
        return Mono.from(validator.validateToken(token, HttpRequest.GET("/v1/admin/tenants/acme"))).block();
    }

    private static void assertRefused(TokenRules rules, String token, String reason) {
        TokenVerifier.Outcome outcome = verify(rules, token);
        assertThat(outcome).isInstanceOf(TokenVerifier.Refused.class);
        assertThat(((TokenVerifier.Refused) outcome).reason()).contains(reason);
    }

    private static TokenVerifier.Outcome verify(TokenRules rules, String token) {
        return new TokenVerifier(rules, new DefaultNames(), new Keys(RSA.toPublicJWK(), EC.toPublicJWK()),
                Clock.fixed(NOW, ZoneOffset.UTC)).verify(token).toCompletableFuture().join();
    }

    private static TokenRules withAlgorithms(KeyType keyType, JWSAlgorithm... algorithms) {
        return new TokenRules(RS256_ONLY.issuer(), RS256_ONLY.audience(), TokenRules.AudienceClaim.AUD,
                Optional.empty(), keyType, Set.of(algorithms), RS256_ONLY.clockSkew(), RS256_ONLY.platformAdminMaxAge());
    }

    private static JWTClaimsSet.Builder claims() {
        return new JWTClaimsSet.Builder().issuer("https://idp.example/").audience("enclave-api").subject("user-1")
                .issueTime(Date.from(NOW)).expirationTime(Date.from(NOW.plusSeconds(600)));
    }

    private static String rsaToken(JWSAlgorithm algorithm, JWTClaimsSet.Builder claims) {
        return sign(new JWSHeader.Builder(algorithm).keyID(RSA.getKeyID()).build(), claims, rsaSigner()).serialize();
    }

    private static String ecToken(JWTClaimsSet.Builder claims) {
        try {
            return sign(new JWSHeader.Builder(JWSAlgorithm.ES256).keyID(EC.getKeyID()).build(), claims,
                    new ECDSASigner(EC)).serialize();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static JWSSigner rsaSigner() {
        try {
            return new RSASSASigner(RSA);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static SignedJWT sign(JWSHeader header, JWTClaimsSet.Builder claims, JWSSigner signer) {
        try {
            SignedJWT jwt = new SignedJWT(header, claims.build());
            jwt.sign(signer);
            return jwt;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static RSAKey generateRsa(String keyId) {
        try {
            return new RSAKeyGenerator(2048).keyID(keyId).generate();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static ECKey generateEc(String keyId) {
        try {
            return new ECKeyGenerator(Curve.P_256).keyID(keyId).generate();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Keys in memory, by id. */
    static class Keys implements SigningKeys {

        private final Map<String, JWK> keys;
        int lookups;

        Keys(JWK... keys) {
            this.keys = java.util.Arrays.stream(keys)
                    .collect(java.util.stream.Collectors.toMap(JWK::getKeyID, k -> k.toPublicJWK()));
        }

        @Override
        public CompletionStage<Lookup> find(String keyId) {
            lookups++;
            JWK key = keys.get(keyId);
            return CompletableFuture.completedFuture(key == null ? new Unknown() : new Found(key));
        }

        @Override
        public void whenKeysDropped(Consumer<Set<String>> listener) {
        }
    }

    /** The default claim names. */
    static final class DefaultNames implements ClaimNames {

        @Override
        public String getUserId() {
            return "sub";
        }

        @Override
        public String getEmail() {
            return "email";
        }

        @Override
        public String getEmailVerified() {
            return "email_verified";
        }

        @Override
        public String getTenant() {
            return "tenant";
        }

        @Override
        public String getRoles() {
            return "roles";
        }

        @Override
        public String getName() {
            return "name";
        }

        @Override
        public String getGivenName() {
            return "given_name";
        }

        @Override
        public String getFamilyName() {
            return "family_name";
        }

        @Override
        public String getPicture() {
            return "picture";
        }

        @Override
        public String getPhone() {
            return "phone_number";
        }
    }
}
