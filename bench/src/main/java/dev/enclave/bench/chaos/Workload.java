package dev.enclave.bench.chaos;

import java.util.concurrent.atomic.AtomicLong;

/** What the workload did beyond single writes, counted for the report across workers. Thread-safe. */
final class Workload {

    /** Removals sent while grants to the same member were in flight. */
    final AtomicLong races = new AtomicLong();
    final AtomicLong racedRemovalsAcknowledged = new AtomicLong();
    final AtomicLong racedGrantsAcknowledged = new AtomicLong();
    /** Racing grants refused because the membership was gone (404). */
    final AtomicLong racedGrantsRefused = new AtomicLong();
    /** Ids created again after their deletion was acknowledged, each checked at once for its predecessor's items. */
    final AtomicLong recreations = new AtomicLong();
    /** Creates answered 409 organisation-being-deleted while the predecessor's deletion ran. */
    final AtomicLong recreationsTooEarly = new AtomicLong();
    final AtomicLong bigRenames = new AtomicLong();
    final AtomicLong bigDeletions = new AtomicLong();
}
