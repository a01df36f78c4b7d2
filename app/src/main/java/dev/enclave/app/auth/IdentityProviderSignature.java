package dev.enclave.app.auth;

import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyType;
import com.nimbusds.jwt.SignedJWT;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.security.token.jwt.nimbus.ReactiveJwksSignature;
import io.micronaut.security.token.jwt.signature.ReactiveSignatureConfiguration;
import io.micronaut.security.token.jwt.signature.jwks.JwkSetFetcher;
import io.micronaut.security.token.jwt.signature.jwks.JwkValidator;
import io.micronaut.security.token.jwt.signature.jwks.JwksSignatureConfiguration;
import jakarta.inject.Singleton;
import org.reactivestreams.Publisher;

/**
 * Validates bearer tokens against the identity provider's JWKS ({@code enclave.auth.jwks-url}); only the
 * asymmetric key type configured ({@code enclave.auth.jwks-key-type}, RSA by default) is accepted, so neither
 * {@code alg: none} nor an HMAC token keyed with a public key can pass. The key set is fetched and cached
 * without blocking the event loop.
 */
@Singleton
@Requires(property = "enclave.auth.jwks-url")
final class IdentityProviderSignature implements ReactiveSignatureConfiguration<SignedJWT> {

    private static final int KEY_SET_CACHE_SECONDS = 300;

    private final ReactiveJwksSignature jwks;

    IdentityProviderSignature(@Property(name = "enclave.auth.jwks-url") String url,
                              @Property(name = "enclave.auth.jwks-key-type", defaultValue = "RSA") String keyType,
                              JwkValidator validator, JwkSetFetcher<JWKSet> fetcher) {
        this.jwks = new ReactiveJwksSignature(new KeySetLocation(url, KeyType.parse(keyType)), validator, fetcher);
    }

    @Override
    public Publisher<Boolean> verify(SignedJWT token) {
        return jwks.verify(token);
    }

    private record KeySetLocation(String url, KeyType keyType) implements JwksSignatureConfiguration {

        @Override
        public String getUrl() {
            return url;
        }

        @Override
        public KeyType getKeyType() {
            return keyType;
        }

        @Override
        @SuppressWarnings("removal")
        public Integer getCacheExpiration() {
            return KEY_SET_CACHE_SECONDS;
        }

        @Override
        public String getName() {
            return "enclave-idp";
        }
    }
}
