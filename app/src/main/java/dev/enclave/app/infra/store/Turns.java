package dev.enclave.app.infra.store;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import dev.enclave.identity.TenantId;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * An organisation's transactions take turns within this instance, in the order they arrive. On DynamoDB,
 * transactions that touch one item at the same time cancel each other ({@code TransactionConflict}), and nearly
 * every transaction of an organisation touches its item: the member counter of a join or a removal, the check that
 * the organisation is alive of every other adding write. Sent at once, many of an organisation's writes would mostly
 * cancel each other and retry; taking turns, one instance sends them one after the other, and only writes from other
 * instances still conflict ({@link ScopedTable#transact} sends those again). One organisation's turns never hold up
 * another's. Thread-safe.
 */
@Singleton
public final class Turns {

    /** How long a transaction waits for its turn before the request is answered as busy. */
    public static final Duration LONGEST_WAIT = Duration.ofSeconds(10);

    private final LoadingCache<TenantId, ReentrantLock> locks = Caffeine.newBuilder().weakValues()
            .build(tenant -> new ReentrantLock(true));

    /**
     * Runs {@code transaction} in {@code tenant}'s turn.
     *
     * @throws OrganisationBusyException when the turn did not come within {@link #LONGEST_WAIT}
     */
    <T> T take(TenantId tenant, Supplier<T> transaction) {
        ReentrantLock turn = locks.get(tenant);
        if (!await(turn)) {
            throw new OrganisationBusyException(tenant, LONGEST_WAIT);
        }
        try {
            return transaction.get();
        } finally {
            turn.unlock();
        }
    }

    private static boolean await(ReentrantLock turn) {
        try {
            return turn.tryLock(LONGEST_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a turn", interrupted);
        }
    }
}
