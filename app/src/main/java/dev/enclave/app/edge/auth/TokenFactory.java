package dev.enclave.app.edge.auth;

import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;

/** The token checking parts, built once from {@link AuthSettings}. */
@Factory
final class TokenFactory {

    @Singleton
    TokenRules tokenRules(AuthSettings settings) {
        return TokenRules.of(settings);
    }

    /** Built at start-up, so the key set is being fetched before the first request needs it. */
    @Context
    @Requires(property = "enclave.auth.jwks-url")
    CachedSigningKeys identityProviderKeys(AuthSettings settings, TokenRules rules, Clock clock) {
        CachedSigningKeys keys = new CachedSigningKeys(new HttpKeySetFetcher(URI.create(settings.getJwksUrl())),
                rules.keyType(), KeySetTiming.of(settings), clock);
        keys.fetchNow(Duration.ZERO);
        return keys;
    }

    @Singleton
    ValidatedTokens validatedTokens(AuthSettings settings, SigningKeys keys, Clock clock) {
        ValidatedTokens tokens = new ValidatedTokens(settings.getValidatedTokenCacheSize(), clock);
        keys.whenKeysDropped(tokens::forgetSignedBy);
        return tokens;
    }

    @Singleton
    TokenVerifier tokenVerifier(TokenRules rules, ClaimNames names, SigningKeys keys, Clock clock) {
        return new TokenVerifier(rules, names, keys, clock);
    }
}
