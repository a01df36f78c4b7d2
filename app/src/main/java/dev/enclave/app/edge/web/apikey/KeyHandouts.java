package dev.enclave.app.edge.web.apikey;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.enclave.app.domain.apikey.ApiKeyId;
import dev.enclave.app.domain.event.EventRecorder;
import dev.enclave.tenancy.credentials.IssuedCredentials;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Which credentials each API key was handed by this instance, so a key's {@code credentials.issued} is recorded
 * once per set of credentials: SDKs poll again and again, and are answered the same cached session until it is
 * refreshed. Thread-safe: polls of one set at once wait for the first to record it.
 */
@Singleton
final class KeyHandouts {

    /** Longer than any session lives, so a session is never recorded twice for one key. */
    private static final Duration KEPT = Duration.ofHours(13);

    private final Cache<String, Boolean> recorded = Caffeine.newBuilder().maximumSize(100_000)
            .expireAfterWrite(KEPT).build();

    /**
     * Records the handout of {@code issued} to {@code key} with {@code record}, unless it was recorded before: then,
     * or when {@code record} recorded it, {@code RECORDED}; else what {@code record} answered, and a later poll tries
     * again.
     */
    EventRecorder.Recorded recordOnce(ApiKeyId key, IssuedCredentials issued,
                                      Supplier<EventRecorder.Recorded> record) {
        AtomicReference<EventRecorder.Recorded> outcome = new AtomicReference<>(EventRecorder.Recorded.RECORDED);
        recorded.get(key.value() + "/" + issued.accessKeyId(), handout -> {
            outcome.set(record.get());
            return outcome.get() == EventRecorder.Recorded.RECORDED ? Boolean.TRUE : null;
        });
        return outcome.get();
    }
}
