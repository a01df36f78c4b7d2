package dev.enclave.app.infra.store.organisation;

import dev.enclave.app.domain.organisation.Job;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.ItemBuilder;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.SortableTime;
import dev.enclave.app.infra.store.TableAttributes;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where a job lives and how it maps: {@code PK = TENANT#<org>#, SK = JOB#<kind>} (one job of each kind at a time; a
 * new rename's job replaces an unfinished one), and while it is to be done, on the due-work index
 * ({@code GSI3PK = WORK#owed#, GSI3SK = <lease end, nine-digit fraction>#<org>#<kind>}), so a job is found when
 * nobody holds it, never before its lease ends, and never by a Scan.
 */
final class JobItems {

    /** Sort-key prefix of every job. */
    static final String SORT_KEY_PREFIX = "JOB#";
    static final String WORKER = "worker";
    static final String LEASE_UNTIL = "leaseUntil";
    static final String VERSION = "version";
    static final String STATE = "state";
    static final String KIND = "kind";
    static final String PASS = "pass";
    private static final String AFTER = "after";
    static final String PROCESSED = "processed";
    static final String RECORDED_AT = "recordedAt";
    static final String FINISHED_AT = "finishedAt";
    /** How long a finished job's record is kept. */
    private static final Duration KEPT_AFTER_FINISHING = Duration.ofDays(7);
    static final String RUNNING = State.RUNNING.name();
    private static final String INDEX_PARTITION = TableDesign.BY_OWED_WORK.partitionKey();
    private static final String INDEX_SORT = TableDesign.BY_OWED_WORK.sortKey();

    private JobItems() {
    }

    static ItemKey key(TenantId tenant, Job.Kind kind) {
        return ItemKey.inTenant(tenant, SORT_KEY_PREFIX + kind.name());
    }

    /** A new job's item, due at once. */
    static Map<String, AttributeValue> toItem(Job job) {
        return Incarnations.stamp(ItemBuilder.at(key(job.tenant(), job.kind())).string("type", "job")
                .string("tenant", job.tenant().value()).string(KIND, job.kind().name())
                .string(STATE, State.RUNNING.name())
                .number(VERSION, job.version()).number(PASS, job.pass()).number(PROCESSED, job.processed())
                .string(RECORDED_AT, job.recordedAt().toString())
                .number(LEASE_UNTIL, job.leaseUntil().toEpochMilli())
                .string(INDEX_PARTITION, TableDesign.OWED_WORK)
                .string(INDEX_SORT, dueSortKey(job.tenant(), job.kind(), job.leaseUntil())).build(),
                job.incarnation());
    }

    /** The job an item records (a finished one too, with no lease). */
    static Job fromItem(Map<String, AttributeValue> item) {
        return new Job(TenantId.of(ItemAttributes.string(item, "tenant")),
                Job.Kind.valueOf(ItemAttributes.string(item, KIND)),
                new Incarnation(Incarnations.of(item).orElseThrow(() -> new IllegalArgumentException("incarnation"))),
                ItemAttributes.number(item, VERSION), Math.toIntExact(ItemAttributes.number(item, PASS)),
                ItemAttributes.optionalString(item, AFTER), ItemAttributes.number(item, PROCESSED),
                Instant.parse(ItemAttributes.string(item, RECORDED_AT)), ItemAttributes.optionalString(item, WORKER),
                ItemAttributes.optionalNumber(item, LEASE_UNTIL).map(Instant::ofEpochMilli).orElse(Instant.EPOCH));
    }

    /** Whether the item records a job still to be done. */
    static boolean running(Map<String, AttributeValue> item) {
        return State.RUNNING.name().equals(ItemAttributes.optionalString(item, STATE).orElse(""));
    }

    /** The kind a job item's sort key names, if it is one. */
    static Optional<Job.Kind> kindOf(String sortKey) {
        if (!sortKey.startsWith(SORT_KEY_PREFIX)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Job.Kind.valueOf(sortKey.substring(SORT_KEY_PREFIX.length())));
        } catch (IllegalArgumentException notAKind) {
            return Optional.empty();
        }
    }

    /** The update that gives the lease to {@code worker} until {@code until}; the job is due again then. */
    static Expr.UpdateBuilder leased(TenantId tenant, Job.Kind kind, String worker, Instant until) {
        return Expr.update().set("#worker = :worker, #leaseUntil = :leaseUntil, #due = :due")
                .name("#worker", WORKER).name("#leaseUntil", LEASE_UNTIL).name("#due", INDEX_SORT)
                .value(":worker", worker).number(":leaseUntil", until.toEpochMilli())
                .value(":due", dueSortKey(tenant, kind, until));
    }

    /** The update of a job at a new checkpoint, its lease renewed. */
    static Expr advanced(Job job, String worker, Instant leaseUntil) {
        Expr.UpdateBuilder update = leased(job.tenant(), job.kind(), worker, leaseUntil)
                .set("#pass = :pass, #processed = :processed").name("#pass", PASS).name("#processed", PROCESSED)
                .number(":pass", job.pass()).number(":processed", job.processed()).name("#after", AFTER);
        job.after().ifPresentOrElse(after -> update.set("#after = :after").value(":after", after),
                () -> update.remove("#after"));
        return update.build();
    }

    /** The update that records a job finished at {@code now}: off the index, kept a week. */
    static Expr finished(Instant now) {
        return Expr.update().set("#state = :done, #finishedAt = :finishedAt, #expiresAt = :expiresAt")
                .remove("#worker", "#leaseUntil", "#owedWork", "#due")
                .name("#state", STATE).name("#finishedAt", FINISHED_AT).name("#expiresAt", TableAttributes.TTL)
                .name("#worker", WORKER).name("#leaseUntil", LEASE_UNTIL).name("#owedWork", INDEX_PARTITION)
                .name("#due", INDEX_SORT).value(":done", State.DONE.name()).value(":finishedAt", now.toString())
                .number(":expiresAt", now.plus(KEPT_AFTER_FINISHING).getEpochSecond()).build();
    }

    /**
     * The job is still the one {@code worker} runs: held by it, for the version it runs, of the organisation's
     * incarnation it belongs to (a job of the same kind and version, of the organisation created again under the
     * id, is another job).
     */
    static Expr heldBy(String worker, Job job) {
        return Expr.of("#worker = :worker AND #version = :version AND #state = :running "
                        + "AND #incarnation = :incarnation").name("#worker", WORKER)
                .name("#version", VERSION).name("#state", STATE).name("#incarnation", Incarnations.ATTRIBUTE)
                .value(":worker", worker).number(":version", job.version()).value(":running", State.RUNNING.name())
                .value(":incarnation", job.incarnation().value());
    }

    /** The job may be taken: nobody holds it, its lease ended before {@code now}, or {@code worker} holds it. */
    static Expr takeable(String worker, Instant now) {
        return Expr.of("#state = :running AND (attribute_not_exists(#worker) OR #leaseUntil < :now "
                        + "OR #worker = :worker)").name("#state", STATE)
                .name("#worker", WORKER).name("#leaseUntil", LEASE_UNTIL).value(":running", State.RUNNING.name())
                .value(":worker", worker).number(":now", now.toEpochMilli());
    }

    /** The due-work index sort key: when, then whose, then which. */
    static String dueSortKey(TenantId tenant, Job.Kind kind, Instant due) {
        return SortableTime.format(due) + "#" + tenant.value() + "#" + kind.name();
    }

    /** Whether a job is still to be done ({@code state}). */
    private enum State { RUNNING, DONE }
}
