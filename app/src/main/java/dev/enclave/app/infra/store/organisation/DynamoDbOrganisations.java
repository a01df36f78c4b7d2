package dev.enclave.app.infra.store.organisation;

import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.app.domain.organisation.Job;
import dev.enclave.app.domain.organisation.Limit;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationEvents;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.domain.organisation.Organisations;
import dev.enclave.app.domain.outcome.Backoff;
import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.infra.store.ActorChangedException;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.EventLog;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.KeyConditions;
import dev.enclave.app.infra.store.Page;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.ScopedTable;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.TableAttributes;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.TransactionOutcome;
import dev.enclave.app.infra.store.Write;
import dev.enclave.app.infra.store.WriteRole;
import dev.enclave.app.infra.store.jobs.DeletionSweep;
import dev.enclave.identity.TenantId;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** {@link Organisations} on the single table, each call on the organisation's own scoped client. */
@Singleton
@Requires(beans = TenantDynamoDb.class)
record DynamoDbOrganisations(Store store, CheckedItems checked, EventLog log) implements Organisations, DeletionSweep {

    private static final String DELETING = OrganisationStatus.DELETING.name();
    /** How often an admin's change reads the organisation again when other writes keep moving it. */
    private static final int ADMIN_ATTEMPTS = 8;

    /** The writes of renaming, marking for deletion and deleting. */
    enum Role implements WriteRole { ORGANISATION, JOB, ITEM }

    @Override
    public Optional<Organisation> find(TenantId id) {
        return checked.one(ItemKind.ORGANISATION, ReadScope.tenant(id), table(id).get(OrganisationKeys.key(id)),
                OrganisationItems.SCHEMA::fromItem);
    }

    @Override
    public RenameOutcome rename(Organisation read, String name, ExpectedVersion expected, Instant now) {
        TenantId id = read.id();
        Organisation renamed = read.renamed(name);
        Expr update = Expr.update().set("#name = :name").name("#name", OrganisationItems.NAME).value(":name", name)
                .set(bumpVersion()).set(OwedWorkItems.recorded(Job.Kind.RENAME)).build();
        Expr asRead = OrganisationConditions.live(read).and(Expr.of("#version = :read")
                .name("#version", OrganisationItems.VERSION).number(":read", read.version()));
        TransactionOutcome outcome = table(id).transact(Transaction.builder()
                .update(Role.ORGANISATION, OrganisationKeys.key(id), update,
                        Expr.atVersion(expected, OrganisationItems.VERSION).and(asRead))
                .put(Role.JOB, JobItems.toItem(Job.recorded(read, Job.Kind.RENAME, renamed.version(), now)))
                .records(OrganisationEvents.renamed(read, name))
                .build());
        if (outcome.committed()) {
            return new Renamed(renamed);
        }
        return outcome.oldItem(Role.ORGANISATION).filter(old -> !isDeleting(old))
                .filter(old -> OrganisationItems.SCHEMA.fromItem(old).createdAt().equals(read.createdAt()))
                .map(old -> ItemAttributes.number(old, OrganisationItems.VERSION))
                .<RenameOutcome>map(current -> expected.accepts(current) ? new Changed()
                        : new VersionMismatch(current))
                .orElseGet(NotFound::new);
    }

    private static boolean isDeleting(Map<String, AttributeValue> item) {
        return DELETING.equals(ItemAttributes.string(item, OrganisationItems.STATUS));
    }

    @Override
    public AdminChange setStatus(TenantId id, OrganisationStatus status) {
        return changeAsRead(id, read -> read.status() == status ? Optional.empty() : Optional.of(new Edit(
                Expr.update().set("#status = :status").name("#status", OrganisationItems.STATUS)
                        .value(":status", status.name()).set(bumpVersion()).build(), Expr.exists(),
                OrganisationEvents.statusChanged(read, status))));
    }

    @Override
    public AdminChange setSeats(TenantId id, int seats) {
        Expr withinSeats = Expr.of("#members <= :seats").name("#members", OrganisationItems.MEMBERS)
                .number(":seats", seats);
        return changeAsRead(id, read -> read.seats() == seats ? Optional.empty() : Optional.of(
                new Edit(Expr.update().set("#seats = :seats").name("#seats", OrganisationItems.SEATS)
                        .number(":seats", seats).set(bumpVersion()).build(), withinSeats,
                        OrganisationEvents.seatsChanged(read, seats))));
    }

    @Override
    public AdminChange setLimits(TenantId id, Optional<Limit> limits) {
        return changeAsRead(id, read -> {
            if (read.limits().equals(limits)) {
                return Optional.empty();
            }
            Expr.UpdateBuilder update = Expr.update().name("#limits", OrganisationItems.LIMITS).set(bumpVersion());
            limits.ifPresentOrElse(limit -> update.set("#limits = :limits")
                    .value(":limits", OrganisationItems.limitsValue(limit)), () -> update.remove("#limits"));
            return Optional.of(new Edit(update.build(), Expr.exists(), OrganisationEvents.limitsChanged(read, limits)));
        });
    }

    @Override
    public AdminChange setEventRetention(TenantId id, int days) {
        for (int attempt = 1; attempt <= ADMIN_ATTEMPTS; attempt++) {
            pauseBefore(attempt);
            Optional<Organisation> read = find(id).filter(found -> found.status() != OrganisationStatus.DELETING);
            if (read.isEmpty()) {
                return new AdminChange.NoSuchOrganisation();
            }
            EventLog.Retention before = log.retention(id, table(id), read.get().incarnation());
            if (before.own() && before.days() == days) {
                return new AdminChange.Changed(read.get());
            }
            NewEvent changed = OrganisationEvents.retentionChanged(read.get(), before.days(), days);
            Transaction.RetentionChange change = new Transaction.RetentionChange(
                    Optional.of(before.days()).filter(seen -> before.own()), days);
            TransactionOutcome outcome = table(id).transact(Transaction.builder()
                    .check(Role.ORGANISATION, OrganisationKeys.key(id), OrganisationConditions.live(read.get()))
                    .records(new Transaction.Recording(List.of(changed), Optional.of(read.get().incarnation()),
                            Optional.of(change))).build());
            if (!outcome.refused(EventLog.LogRole.RETENTION_AS_SEEN)) {
                return outcome.committed() ? new AdminChange.Changed(read.get()) : new AdminChange.NoSuchOrganisation();
            }
        }
        return new AdminChange.KeptChanging();
    }

    /**
     * A platform admin's change, made to the organisation as read (at its version) with its event, which says what
     * it was before: read again when another write moved the organisation meanwhile. {@code edit} answers nothing
     * when the organisation is already as asked.
     */
    private AdminChange changeAsRead(TenantId id, Function<Organisation, Optional<Edit>> edit) {
        for (int attempt = 1; attempt <= ADMIN_ATTEMPTS; attempt++) {
            pauseBefore(attempt);
            Optional<Organisation> read = find(id).filter(found -> found.status() != OrganisationStatus.DELETING);
            if (read.isEmpty()) {
                return new AdminChange.NoSuchOrganisation();
            }
            Optional<Edit> change = edit.apply(read.get());
            if (change.isEmpty()) {
                return new AdminChange.Changed(read.get());
            }
            TransactionOutcome outcome = table(id).transact(Transaction.builder().writtenBy(read.get().incarnation())
                    .update(Role.ORGANISATION, OrganisationKeys.key(id), change.get().update(),
                            OrganisationConditions.live(read.get()).and(atVersion(read.get()))
                                    .and(change.get().condition()))
                    .records(change.get().event()).build());
            if (outcome.committed()) {
                return find(id).<AdminChange>map(AdminChange.Changed::new)
                        .orElseGet(AdminChange.NoSuchOrganisation::new);
            }
            Optional<Organisation> old = outcome.oldItem(Role.ORGANISATION).map(OrganisationItems.SCHEMA::fromItem)
                    .filter(found -> found.status() != OrganisationStatus.DELETING)
                    .filter(found -> found.createdAt().equals(read.get().createdAt()));
            if (old.isPresent() && old.get().version() == read.get().version()) {
                return new AdminChange.BelowMembers(old.get().members());
            }
        }
        return new AdminChange.KeptChanging();
    }

    /** Before an attempt after the first, a short jittered pause, so writes that moved the organisation can pass. */
    private static void pauseBefore(int attempt) {
        if (attempt > 1) {
            Backoff.pause(attempt - 1);
        }
    }

    /** An admin's edit of the organisation: the update, what must also hold, and the event. */
    private record Edit(Expr update, Expr condition, NewEvent event) {
    }

    private static Expr atVersion(Organisation read) {
        return Expr.of("#version = :read").name("#version", OrganisationItems.VERSION).number(":read", read.version());
    }

    @Override
    public Deletion markDeleting(Organisation read, Instant now) {
        TenantId id = read.id();
        Expr update = Expr.update().set("#status = :deleting").set(bumpVersion())
                .set(OwedWorkItems.recorded(Job.Kind.DELETE))
                .name("#status", OrganisationItems.STATUS).value(":deleting", DELETING).build();
        TransactionOutcome outcome;
        try {
            outcome = table(id).transact(Transaction.builder()
                    .update(Role.ORGANISATION, OrganisationKeys.key(id), update, OrganisationConditions.live(read))
                    .create(Role.JOB, JobItems.toItem(Job.recorded(read, Job.Kind.DELETE, read.version() + 1, now)))
                    .records(OrganisationEvents.deleted(read))
                    .build());
        } catch (ActorChangedException deletedMeanwhile) {
            if (deletedMeanwhile.cause() != ActorChangedException.Cause.ORGANISATION_GONE) {
                throw deletedMeanwhile;
            }
            return alreadyDeleting(read, Optional.of(table(id).get(OrganisationKeys.key(id))));
        }
        if (outcome.committed()) {
            return Deletion.MARKED;
        }
        return alreadyDeleting(read, outcome.oldItem(Role.ORGANISATION));
    }

    /**
     * Another deletion of {@code read} came first (the organisation found as {@code found}, deleting in the same life):
     * answered as that one was; else there is no such organisation.
     */
    private static Deletion alreadyDeleting(Organisation read, Optional<Map<String, AttributeValue>> found) {
        return found.filter(item -> !item.isEmpty()).map(OrganisationItems.SCHEMA::fromItem)
                .filter(old -> old.createdAt().equals(read.createdAt()))
                .filter(old -> old.status() == OrganisationStatus.DELETING)
                .map(old -> Deletion.ALREADY_DELETING).orElse(Deletion.NOT_FOUND);
    }

    @Override
    public DeletionSweep.KeyPage deletionPage(TenantId id, Optional<String> after, int limit) {
        Expr wholePartition = KeyConditions.partition(OrganisationKeys.partition(id))
                .withPlaceholdersOf(Expr.of("").name("#sk", TableAttributes.SORT_KEY));
        Page page = table(id).query(wholePartition, q -> q.limit(limit).consistentRead(true)
                .projectionExpression(KeyConditions.TABLE_KEYS)
                .exclusiveStartKey(after.map(sort -> ItemKey.inTenant(id, sort).asMap()).orElse(null)));
        List<ItemKey> found = checked.all(ItemKind.PARTITION_ITEM, ReadScope.partition(id), page.items(),
                ItemKey::of);
        Optional<String> last = page.next().map(ItemAttributes::sortKey);
        return new DeletionSweep.KeyPage(found.stream().filter(key -> !survivesItsPage(key.sort())).toList(), last);
    }

    /** The organisation item and the deletion's own job go last, together. */
    private static boolean survivesItsPage(String sortKey) {
        return OrganisationKeys.SORT_KEY.equals(sortKey)
                || JobItems.kindOf(sortKey).filter(kind -> kind == Job.Kind.DELETE).isPresent();
    }

    @Override
    public boolean delete(TenantId id, List<ItemKey> keys, Write fence) {
        Transaction.Builder writes = Transaction.builder().add(Role.JOB, fence);
        keys.forEach(key -> writes.delete(Role.ITEM, key));
        return table(id).transact(writes.build()).committed();
    }

    @Override
    public boolean finishDeletion(Job job, String worker) {
        TenantId id = job.tenant();
        return table(id).transact(Transaction.builder()
                .delete(Role.ORGANISATION, OrganisationKeys.key(id), isMarkedDeleting()
                        .and(Incarnations.writtenBy(job.incarnation())))
                .delete(Role.JOB, JobItems.key(id, Job.Kind.DELETE), JobItems.heldBy(worker, job))
                .build()).committed();
    }

    /** The {@code SET} action that bumps the version (the ETag) by one. */
    private static Expr bumpVersion() {
        return Expr.of("#version = #version + :one").name("#version", OrganisationItems.VERSION).number(":one", 1);
    }

    /** The deletion's last step, only while the organisation is marked: the mark is what says it is owed. */
    private static Expr isMarkedDeleting() {
        return Expr.of("#status = :deleting").name("#status", OrganisationItems.STATUS).value(":deleting", DELETING);
    }

    private ScopedTable table(TenantId tenant) {
        return store.forTenant(tenant);
    }
}
