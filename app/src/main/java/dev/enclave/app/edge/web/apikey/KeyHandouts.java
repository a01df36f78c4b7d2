package dev.enclave.app.edge.web.apikey;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.enclave.app.domain.apikey.ApiKeyId;
import dev.enclave.app.domain.event.EventRecorder;
import dev.enclave.tenancy.credentials.IssuedCredentials;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Which credentials each API key was handed by this instance, so a key's {@code credentials.issued} is recorded
 * once per set of credentials: SDKs poll again and again, and are answered the same cached session until it is
 * refreshed. Thread-safe: polls of one set at once wait for the first to record it, outside any lock.
 */
@Singleton
final class KeyHandouts {

    /** Longer than any session lives, so a session is never recorded twice for one key. */
    private static final Duration KEPT = Duration.ofHours(13);
    /** How many recorders in turn a poll waits for, when each failed, before it records itself. */
    private static final int WAITS = 3;

    private final Cache<String, CompletableFuture<EventRecorder.Recorded>> recorded = Caffeine.newBuilder()
            .maximumSize(100_000).expireAfterWrite(KEPT).build();

    /**
     * Records the handout of {@code issued} to {@code key} with {@code record}, unless it was recorded before: then,
     * or when {@code record} recorded it, {@code RECORDED}; else what {@code record} answered, and a later poll tries
     * again.
     */
    EventRecorder.Recorded recordOnce(ApiKeyId key, IssuedCredentials issued,
                                      Supplier<EventRecorder.Recorded> record) {
        String handout = key.value() + "/" + issued.accessKeyId();
        for (int waited = 0; waited < WAITS; waited++) {
            CompletableFuture<EventRecorder.Recorded> mine = new CompletableFuture<>();
            CompletableFuture<EventRecorder.Recorded> first = recorded.asMap().putIfAbsent(handout, mine);
            if (first == null) {
                return recordAs(handout, mine, record);
            }
            if (first.exceptionally(failed -> null).join() == EventRecorder.Recorded.RECORDED) {
                return EventRecorder.Recorded.RECORDED;
            }
        }
        return record.get();
    }

    /** The recording this poll took on: kept when it recorded, else given up for the next poll to try. */
    private EventRecorder.Recorded recordAs(String handout, CompletableFuture<EventRecorder.Recorded> mine,
                                            Supplier<EventRecorder.Recorded> record) {
        try {
            EventRecorder.Recorded outcome = record.get();
            if (outcome != EventRecorder.Recorded.RECORDED) {
                recorded.asMap().remove(handout, mine);
            }
            mine.complete(outcome);
            return outcome;
        } catch (RuntimeException | Error failed) {
            recorded.asMap().remove(handout, mine);
            mine.completeExceptionally(failed);
            throw failed;
        }
    }
}
