package dev.enclave.app.edge.auth;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.KeyType;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The identity provider's keys, cached. A known key is answered from the cache and a set older than the refresh
 * interval is refreshed in the background; an unknown key id triggers a fetch at most once per minimum gap (every
 * concurrent lookup shares the one fetch in flight). While fetches fail, cached keys keep working until the set is
 * older than the maximum staleness; after that, or with nothing cached, lookups answer {@link Unavailable}.
 */
final class CachedSigningKeys implements SigningKeys {

    private static final Logger LOG = LoggerFactory.getLogger("enclave.auth");
    private static final Duration LEAST_RETRY_AFTER = Duration.ofSeconds(1);

    private final KeySetFetcher fetcher;
    private final KeyType keyType;
    private final KeySetTiming timing;
    private final Clock clock;
    private final AtomicReference<KeySet> current = new AtomicReference<>(KeySet.NONE);
    private final AtomicReference<CompletableFuture<KeySet>> inFlight = new AtomicReference<>();
    private final List<Consumer<Set<String>>> dropListeners = new CopyOnWriteArrayList<>();
    private final AtomicLong fetched = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private volatile Instant lastAttempt = Instant.EPOCH;
    private volatile Optional<String> lastFailure = Optional.empty();

    CachedSigningKeys(KeySetFetcher fetcher, KeyType keyType, KeySetTiming timing, Clock clock) {
        this.fetcher = fetcher;
        this.keyType = keyType;
        this.timing = timing;
        this.clock = clock;
    }

    /** What the cache holds now, for health and metrics. */
    record State(int keys, Duration age, boolean usable, boolean current, Optional<String> lastFailure,
                 long fetched, long failed) {
    }

    @Override
    public CompletionStage<Lookup> find(String keyId) {
        Instant now = clock.instant();
        KeySet keys = current.get();
        Optional<JWK> cached = usable(keys, now) ? keys.key(keyId) : Optional.empty();
        if (cached.isPresent()) {
            if (keys.age(now).compareTo(timing.refreshAfter()) > 0) {
                fetchIfAllowed(now);
            }
            return CompletableFuture.completedFuture(new Found(cached.get()));
        }
        return fetchIfAllowed(now)
                .map(fetch -> fetch.handle((fresh, failure) -> failure == null ? lookup(fresh, keyId) : unavailable()))
                .orElseGet(() -> CompletableFuture.completedFuture(withoutFetch(now)));
    }

    @Override
    public void whenKeysDropped(Consumer<Set<String>> listener) {
        dropListeners.add(listener);
    }

    /** Fetches the key set unless one is held or fetched recently, and waits for it at most {@code timeout}. */
    void fetchNow(Duration timeout) {
        fetchIfAllowed(clock.instant()).ifPresent(fetch -> {
            try {
                fetch.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException failed) {
                // recorded by the fetch itself; the state says what is known
            }
        });
    }

    State state() {
        Instant now = clock.instant();
        KeySet keys = current.get();
        return new State(keys.keys().size(), keys.age(now), usable(keys, now),
                usable(keys, now) && lastFailure.isEmpty() && keys.age(now).compareTo(timing.refreshAfter()) <= 0,
                lastFailure, fetched.get(), failed.get());
    }

    private boolean usable(KeySet keys, Instant now) {
        return keys != KeySet.NONE && keys.age(now).compareTo(timing.maxStaleness()) <= 0;
    }

    private Lookup lookup(KeySet keys, String keyId) {
        return keys.key(keyId).<Lookup>map(Found::new).orElseGet(Unknown::new);
    }

    private Lookup withoutFetch(Instant now) {
        if (lastFailure.isPresent() || !usable(current.get(), now)) {
            return unavailable();
        }
        return new Unknown();
    }

    private Unavailable unavailable() {
        Duration untilNextFetch = timing.minFetchGap().minus(Duration.between(lastAttempt, clock.instant()));
        return new Unavailable(untilNextFetch.compareTo(LEAST_RETRY_AFTER) < 0 ? LEAST_RETRY_AFTER : untilNextFetch);
    }

    private Optional<CompletableFuture<KeySet>> fetchIfAllowed(Instant now) {
        CompletableFuture<KeySet> running = inFlight.get();
        if (running != null) {
            return Optional.of(running);
        }
        if (Duration.between(lastAttempt, now).compareTo(timing.minFetchGap()) < 0) {
            return Optional.empty();
        }
        CompletableFuture<KeySet> mine = new CompletableFuture<>();
        if (!inFlight.compareAndSet(null, mine)) {
            return Optional.ofNullable(inFlight.get());
        }
        lastAttempt = now;
        fetch().whenComplete((keys, failure) -> {
            inFlight.set(null);
            if (failure == null) {
                install(keys);
                mine.complete(keys);
            } else {
                recordFailure(failure);
                mine.completeExceptionally(failure);
            }
        });
        return Optional.of(mine);
    }

    private CompletableFuture<KeySet> fetch() {
        try {
            return fetcher.fetch().thenApply(this::parse);
        } catch (RuntimeException notStarted) {
            return CompletableFuture.failedFuture(notStarted);
        }
    }

    private KeySet parse(String json) {
        try {
            return KeySet.parse(json, keyType, clock.instant());
        } catch (ParseException e) {
            throw new IllegalStateException("the JWKS is not a JSON Web Key Set: " + e.getMessage(), e);
        }
    }

    private void install(KeySet keys) {
        fetched.incrementAndGet();
        lastFailure = Optional.empty();
        Set<String> dropped = current.getAndSet(keys).droppedIn(keys);
        if (!dropped.isEmpty()) {
            LOG.info("signing keys left the key set: {}", dropped);
            dropListeners.forEach(listener -> listener.accept(dropped));
        }
    }

    private void recordFailure(Throwable failure) {
        failed.incrementAndGet();
        Throwable cause = failure.getCause() != null ? failure.getCause() : failure;
        lastFailure = Optional.of(cause.getClass().getSimpleName() + ": " + cause.getMessage());
        LOG.warn("cannot fetch the identity provider's keys: {}", lastFailure.get());
    }
}
