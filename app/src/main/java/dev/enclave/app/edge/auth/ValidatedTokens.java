package dev.enclave.app.edge.auth;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import dev.enclave.digest.Sha256;
import io.micronaut.security.authentication.Authentication;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * Tokens already verified, so a session's repeated token costs one digest and one lookup instead of a signature
 * check. Keyed by the SHA-256 of the token (the token itself is not kept); an entry never outlives the time the token
 * is accepted until (its {@code exp}; a platform admin's, its maximum age), and entries signed by a key that left the
 * key set are dropped.
 */
final class ValidatedTokens {

    private final Cache<TokenDigest, Entry> cache;
    private final Clock clock;

    ValidatedTokens(long maximumSize, Clock clock) {
        this.clock = clock;
        this.cache = Caffeine.newBuilder().maximumSize(maximumSize)
                .expireAfter(Expiry.<TokenDigest, Entry>creating((digest, entry) -> entry.remaining(clock.instant())))
                .build();
    }

    /** A verified token's authentication, the key that signed it and until when it is accepted. */
    record Entry(Authentication authentication, String keyId, Instant expiresAt) {

        Duration remaining(Instant now) {
            Duration left = Duration.between(now, expiresAt);
            return left.isNegative() ? Duration.ZERO : left;
        }
    }

    private record TokenDigest(long a, long b, long c, long d) {

        static TokenDigest of(String token) {
            ByteBuffer sha = ByteBuffer.wrap(Sha256.of(token));
            return new TokenDigest(sha.getLong(), sha.getLong(), sha.getLong(), sha.getLong());
        }
    }

    Optional<Authentication> find(String token) {
        Entry entry = cache.getIfPresent(TokenDigest.of(token));
        if (entry == null || !entry.expiresAt().isAfter(clock.instant())) {
            return Optional.empty();
        }
        return Optional.of(entry.authentication());
    }

    void remember(String token, Entry entry) {
        if (entry.expiresAt().isAfter(clock.instant())) {
            cache.put(TokenDigest.of(token), entry);
        }
    }

    void forgetSignedBy(Set<String> keyIds) {
        cache.asMap().values().removeIf(entry -> keyIds.contains(entry.keyId()));
    }

    long size() {
        cache.cleanUp();
        return cache.estimatedSize();
    }
}
