package dev.enclave.app.edge.web.apikey;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.enclave.app.domain.apikey.ApiKeyId;
import dev.enclave.tenancy.credentials.IssuedCredentials;
import jakarta.inject.Singleton;
import java.time.Duration;

/**
 * Which credentials each API key was handed by this instance, so a key's {@code credentials.issued} is recorded
 * once per set of credentials: SDKs poll again and again, and are answered the same cached session until it is
 * refreshed. Thread-safe.
 */
@Singleton
final class KeyHandouts {

    /** Longer than any session lives, so a session is never recorded twice for one key. */
    private static final Duration KEPT = Duration.ofHours(13);

    private final Cache<String, Boolean> recorded = Caffeine.newBuilder().maximumSize(100_000)
            .expireAfterWrite(KEPT).build();

    boolean recordedBefore(ApiKeyId key, IssuedCredentials issued) {
        return recorded.getIfPresent(handout(key, issued)) != null;
    }

    void recorded(ApiKeyId key, IssuedCredentials issued) {
        recorded.put(handout(key, issued), Boolean.TRUE);
    }

    private static String handout(ApiKeyId key, IssuedCredentials issued) {
        return key.value() + "/" + issued.accessKeyId();
    }
}
