package dev.enclave.sandbox.gateway;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * How far the sandbox's global secondary indexes lag behind their table. DynamoDB Local updates an index in the same
 * step as the table; DynamoDB updates global secondary indexes asynchronously, "within a fraction of a second, under
 * normal conditions", longer in unlikely failure scenarios, so "applications need to anticipate and handle
 * situations where a query on a global secondary index returns results that are not up-to-date" (Amazon DynamoDB
 * Developer Guide, "Global secondary indexes", data synchronization). With a lag, an index read answers as the
 * index was {@code lag} ago on the sandbox's clock: every item changed since then appears as it was before its first
 * change in that window (a new item not at all, a deleted one still there).
 *
 * <p>The gateway keeps, for each item a write touched, the item's image before the write and when it was written,
 * and forgets entries once they are older than the lag, so memory stays bounded by the writes of one lag. A write
 * is noted just before it is forwarded and withdrawn when DynamoDB Local refuses it. Zero turns the lag off. The
 * lag can be changed while the sandbox runs (a test may turn it on for itself); thread-safe.
 */
public final class IndexLag {

    /** An item changed at {@code at}, and how it was before; {@code sequence} tells two changes apart. */
    record Change(long sequence, TableItemKey key, Instant at, Optional<ObjectNode> before) {
    }

    private final Clock clock;
    private volatile Duration lag;
    private final ArrayDeque<Change> changes = new ArrayDeque<>();
    private final Map<TableItemKey, ArrayDeque<Change>> byItem = new HashMap<>();
    private long sequence;

    IndexLag(Duration lag, Clock clock) {
        this.clock = clock;
        set(lag);
    }

    /** The lag now; zero when off. */
    public Duration duration() {
        return lag;
    }

    /** Sets the lag; zero turns it off and forgets every change noted so far. */
    public void set(Duration newLag) {
        Objects.requireNonNull(newLag, "lag");
        if (newLag.isNegative()) {
            throw new IllegalArgumentException("index lag must not be negative: " + newLag);
        }
        lag = newLag;
        if (newLag.isZero()) {
            synchronized (this) {
                changes.clear();
                byItem.clear();
            }
        }
    }

    boolean on() {
        return !lag.isZero();
    }

    /** Notes that the items of {@code before} are being written now, with their images before the write. */
    synchronized List<Change> noteWrites(Map<TableItemKey, Optional<ObjectNode>> before) {
        Instant now = clock.instant();
        forgetOlderThanLag(now);
        List<Change> noted = new ArrayList<>();
        before.forEach((key, image) -> {
            Change change = new Change(++sequence, key, now, image);
            changes.addLast(change);
            byItem.computeIfAbsent(key, k -> new ArrayDeque<>()).addLast(change);
            noted.add(change);
        });
        return noted;
    }

    /** Forgets changes that did not happen (DynamoDB Local refused the write, or left the item unprocessed). */
    synchronized void withdraw(Collection<Change> refused) {
        if (refused.isEmpty()) {
            return;
        }
        Set<Long> sequences = new HashSet<>();
        refused.forEach(change -> sequences.add(change.sequence()));
        changes.removeIf(change -> sequences.contains(change.sequence()));
        refused.forEach(this::forgetOfItem);
    }

    /**
     * The items of {@code table} changed within the lag, each as the index saw it {@code lag} ago: its image before
     * the first change in that window (empty: it did not exist).
     */
    synchronized Map<TableItemKey, Optional<ObjectNode>> asOfLag(String table) {
        forgetOlderThanLag(clock.instant());
        Map<TableItemKey, Optional<ObjectNode>> seen = new HashMap<>();
        byItem.forEach((key, ofItem) -> {
            if (key.table().equals(table)) {
                seen.put(key, ofItem.peekFirst().before());
            }
        });
        return seen;
    }

    /** Forgets the changes of a table that was deleted or re-created. */
    synchronized void forgetTable(String table) {
        changes.removeIf(change -> change.key().table().equals(table));
        byItem.keySet().removeIf(key -> key.table().equals(table));
    }

    private void forgetOlderThanLag(Instant now) {
        Instant horizon = now.minus(lag);
        while (!changes.isEmpty() && !changes.peekFirst().at().isAfter(horizon)) {
            forgetOfItem(changes.removeFirst());
        }
    }

    private void forgetOfItem(Change change) {
        ArrayDeque<Change> ofItem = byItem.get(change.key());
        if (ofItem != null) {
            ofItem.removeIf(noted -> noted.sequence() == change.sequence());
            if (ofItem.isEmpty()) {
                byItem.remove(change.key());
            }
        }
    }
}
