package dev.enclave.app.organisation;

import dev.enclave.app.limits.Limit;
import dev.enclave.app.store.Cancellations;
import dev.enclave.app.store.CheckedItems;
import dev.enclave.app.platform.ExpectedVersion;
import dev.enclave.app.store.ItemKind;
import dev.enclave.app.store.ReadScope;
import dev.enclave.app.store.Conditions;
import dev.enclave.app.store.Expr;
import dev.enclave.app.store.ItemAttributes;
import dev.enclave.app.store.ItemKey;
import dev.enclave.app.store.KeyConditions;
import dev.enclave.app.store.ScopedTable;
import dev.enclave.app.store.Store;
import dev.enclave.app.store.TableAttributes;
import dev.enclave.app.store.Update;
import dev.enclave.app.store.UpdateOutcome;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** {@link Organisations} on the single table, each call on the organisation's own scoped client. */
@Singleton
@Requires(beans = TenantDynamoDb.class)
final class DynamoDbOrganisations implements Organisations {

    private static final String DELETING = OrganisationStatus.DELETING.name();

    private final Store store;
    private final CheckedItems checked;
    private final Clock clock;

    DynamoDbOrganisations(Store store, CheckedItems checked, Clock clock) {
        this.store = store;
        this.checked = checked;
        this.clock = clock;
    }

    @Override
    public Optional<Organisation> find(TenantId id) {
        return checked.one(ItemKind.ORGANISATION, ReadScope.tenant(id), table(id).get(OrganisationKeys.key(id)),
                OrganisationItems::fromItem);
    }

    @Override
    public RenameOutcome rename(TenantId id, String name, ExpectedVersion expected) {
        Expr update = Update.builder().set("#name = :name").name("#name", OrganisationItems.NAME).value(":name", name)
                .set(bumpVersion()).set(OwedWorkItems.record(OwedWork.Kind.RENAME, id, clock.instant())).build();
        UpdateOutcome outcome = table(id).updateReturning(OrganisationKeys.key(id), update,
                Conditions.atVersion(expected, OrganisationItems.VERSION).and(notDeleting()));
        if (outcome.applied()) {
            return new Renamed(OrganisationItems.fromItem(outcome.updated().orElseThrow()));
        }
        return outcome.old().filter(old -> !isDeleting(old))
                .<RenameOutcome>map(old -> new VersionMismatch(ItemAttributes.number(old, OrganisationItems.VERSION)))
                .orElseGet(NotFound::new);
    }

    private static boolean isDeleting(Map<String, AttributeValue> item) {
        return DELETING.equals(ItemAttributes.string(item, OrganisationItems.STATUS));
    }

    @Override
    public boolean setStatus(TenantId id, OrganisationStatus status) {
        Expr update = Update.builder().set("#status = :status").name("#status", OrganisationItems.STATUS)
                .value(":status", status.name()).set(bumpVersion()).build();
        return table(id).update(OrganisationKeys.key(id), update, Conditions.exists().and(notDeleting()));
    }

    @Override
    public SeatsChange setSeats(TenantId id, int seats) {
        Expr update = Update.builder().set("#seats = :seats").name("#seats", OrganisationItems.SEATS)
                .number(":seats", seats).set(bumpVersion()).build();
        Expr withinSeats = Expr.of("#members <= :seats").name("#members", OrganisationItems.MEMBERS)
                .number(":seats", seats);
        UpdateOutcome outcome = table(id).updateReturning(OrganisationKeys.key(id), update,
                Conditions.exists().and(withinSeats));
        if (outcome.applied()) {
            return new SeatsChange.Changed(OrganisationItems.fromItem(outcome.updated().orElseThrow()));
        }
        return outcome.old().<SeatsChange>map(old -> new SeatsChange.BelowMembers(
                OrganisationItems.fromItem(old).members())).orElseGet(SeatsChange.NoSuchOrganisation::new);
    }

    @Override
    public Optional<Organisation> setLimits(TenantId id, Optional<Limit> limits) {
        Update update = Update.builder().name("#limits", OrganisationItems.LIMITS).set(bumpVersion());
        limits.ifPresentOrElse(limit -> update.set("#limits = :limits")
                .value(":limits", OrganisationItems.limitsValue(limit)), () -> update.remove("#limits"));
        return table(id).updateReturning(OrganisationKeys.key(id), update.build(),
                Conditions.exists().and(notDeleting())).updated().map(OrganisationItems::fromItem);
    }

    @Override
    public boolean markDeleting(TenantId id) {
        Expr update = Update.builder().set("#status = :deleting").set(bumpVersion())
                .set(OwedWorkItems.record(OwedWork.Kind.DELETE, id, clock.instant()))
                .name("#status", OrganisationItems.STATUS).value(":deleting", DELETING).build();
        return table(id).update(OrganisationKeys.key(id), update, Conditions.exists());
    }

    @Override
    public boolean removeAll(TenantId id) {
        ScopedTable table = table(id);
        String byUser = TableDesign.BY_USER.partitionKey();
        List<Map<String, AttributeValue>> items = table.queryAll(
                KeyConditions.partition(OrganisationKeys.partition(id).value()),
                Expr.of("#pk, #sk, #byUser").name("#pk", TableAttributes.PARTITION_KEY)
                        .name("#sk", TableAttributes.SORT_KEY).name("#byUser", byUser));
        List<ItemKey> keys = checked.all(ItemKind.PARTITION_ITEM, ReadScope.partition(id), items, item -> item)
                .stream()
                .filter(item -> !OrganisationKeys.SORT_KEY.equals(ItemAttributes.sortKey(item)))
                .sorted(Comparator.comparing(item -> !item.containsKey(byUser)))
                .map(ItemKey::of)
                .toList();
        table.deleteAll(keys);
        return table.delete(OrganisationKeys.key(id), isMarkedDeleting());
    }

    /** The {@code SET} action that bumps the version (the ETag) by one. */
    private static Expr bumpVersion() {
        return Expr.of("#version = #version + :one").name("#version", OrganisationItems.VERSION).number(":one", 1);
    }

    private static Expr notDeleting() {
        return Expr.of("#status <> :deleting").name("#status", OrganisationItems.STATUS).value(":deleting", DELETING);
    }

    /** Last, and only while it is marked: the mark is what says the deletion is owed. */
    private static Expr isMarkedDeleting() {
        return Expr.of("#status = :deleting").name("#status", OrganisationItems.STATUS).value(":deleting", DELETING);
    }

    private ScopedTable table(TenantId tenant) {
        return store.forTenant(tenant);
    }
}
