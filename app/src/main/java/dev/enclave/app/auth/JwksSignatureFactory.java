package dev.enclave.app.auth;

import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyType;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.security.token.jwt.signature.jwks.JwkSetFetcher;
import io.micronaut.security.token.jwt.signature.jwks.JwkValidator;
import io.micronaut.security.token.jwt.signature.jwks.JwksSignature;
import io.micronaut.security.token.jwt.signature.jwks.JwksSignatureConfiguration;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

/**
 * Validates bearer tokens against the identity provider's JWKS ({@code enclave.auth.jwks-url}); only the
 * asymmetric key type configured ({@code enclave.auth.jwks-key-type}, RSA by default) is accepted, so neither
 * {@code alg: none} nor an HMAC token keyed with a public key can pass.
 */
@Factory
@Requires(property = "enclave.auth.jwks-url")
final class JwksSignatureFactory {

    @Singleton
    @Named("enclave-idp")
    JwksSignature identityProvider(@Property(name = "enclave.auth.jwks-url") String url,
                                   @Property(name = "enclave.auth.jwks-key-type", defaultValue = "RSA") String keyType,
                                   JwkValidator validator, JwkSetFetcher<JWKSet> fetcher) {
        return new JwksSignature(new Configuration(url, KeyType.parse(keyType)), validator, fetcher);
    }

    private record Configuration(String url, KeyType keyType) implements JwksSignatureConfiguration {

        @Override
        public String getUrl() {
            return url;
        }

        @Override
        public KeyType getKeyType() {
            return keyType;
        }

        @Override
        public Integer getCacheExpiration() {
            return 300;
        }

        @Override
        public String getName() {
            return "enclave-idp";
        }
    }
}
