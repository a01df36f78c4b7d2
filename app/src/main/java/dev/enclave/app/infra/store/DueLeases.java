package dev.enclave.app.infra.store;

import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.guard.GuardScope;
import java.time.Instant;
import java.util.Set;

/**
 * Work found on the owed-work index and taken under a lease: taking it writes who holds it and until when, and moves
 * its index entry to the lease's end, so no poll finds it again before the holder has had its time; it can be taken
 * when it is due and nobody holds it (or the holder's lease ended).
 */
public final class DueLeases {

    private static final GuardScope DUE_WORK = GuardScope.of(Set.of(TableDesign.OWED_WORK), true);

    private DueLeases() {
    }

    /**
     * The entries of the owed-work index's {@code partition} due before {@code now}, oldest first, at most
     * {@code limit}, read on the index's own read-only scope ({@code WORK#owed#}); the index may lag.
     */
    public static Page due(Store store, String partition, Instant now, int limit) {
        return store.forScope(DUE_WORK).query(KeyConditions.indexBelow(TableDesign.BY_OWED_WORK, partition,
                SortableTime.format(now)), q -> q.indexName(TableDesign.BY_OWED_WORK.indexName()).limit(limit));
    }

    /** The update that gives the work to {@code holder} until {@code until}. */
    public static Expr taken(String holderAttribute, String leaseAttribute, String holder, Instant until) {
        return Expr.update().set("#holder = :holder, #lease = :until, #dueSk = :leaseEnd")
                .name("#holder", holderAttribute).value(":holder", holder)
                .name("#lease", leaseAttribute).number(":until", until.toEpochMilli())
                .name("#dueSk", TableDesign.BY_OWED_WORK.sortKey()).value(":leaseEnd", SortableTime.format(until))
                .build();
    }

    /** The condition under which the work is due at {@code now} and nobody holds it. */
    public static Expr takeable(String leaseAttribute, Instant now) {
        return Expr.of("#dueSk <= :now AND (attribute_not_exists(#lease) OR #lease < :nowMillis)")
                .name("#dueSk", TableDesign.BY_OWED_WORK.sortKey()).value(":now", SortableTime.format(now))
                .name("#lease", leaseAttribute).number(":nowMillis", now.toEpochMilli());
    }
}
