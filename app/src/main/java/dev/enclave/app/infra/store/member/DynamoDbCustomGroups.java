package dev.enclave.app.infra.store.member;

import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.permission.CustomGroups;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.Incarnations;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.Page;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.ScopedTable;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.TransactionOutcome;
import dev.enclave.app.infra.store.WriteRole;
import dev.enclave.app.infra.store.organisation.OrganisationConditions;
import dev.enclave.identity.TenantId;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link CustomGroups} in the organisation's control partition: the definitions item is written whole, on the
 * version read (optimistic), in one transaction with the organisation's liveness and the event. A grant of a
 * defined group counts itself on the item, without changing its version ({@link GroupDefinitionItems#granting}).
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
record DynamoDbCustomGroups(Store store, CheckedItems checked) implements CustomGroups {

    /** How often a deletion reads again when a grant came between its read of the memberships and its write. */
    static final int DELETE_ATTEMPTS = 3;

    private enum Role implements WriteRole { DEFINITIONS, ORGANISATION }

    @Override
    public GroupDefinitions of(TenantId tenant) {
        return checked.one(ItemKind.GROUP_DEFINITIONS, ReadScope.tenant(tenant),
                table(tenant).get(GroupDefinitionItems.key(tenant)), GroupDefinitionItems::fromItem)
                .orElse(GroupDefinitions.NONE);
    }

    @Override
    public Stored store(Organisation organisation, GroupDefinitions before, GroupDefinitions after, NewEvent event) {
        TenantId tenant = organisation.id();
        Expr asRead = before.version() == 0 ? Incarnations.noneOf(organisation.incarnation())
                : Expr.exists().and(Expr.of("#version = :version")
                .name("#version", GroupDefinitionItems.VERSION).number(":version", before.version()));
        return stored(table(tenant).transact(Transaction.builder()
                .writtenBy(organisation.incarnation())
                .put(Role.DEFINITIONS, GroupDefinitionItems.toItem(tenant, after), asRead)
                .add(Role.ORGANISATION, OrganisationConditions.stillActive(organisation))
                .records(event).build()));
    }

    private static Stored stored(TransactionOutcome outcome) {
        if (outcome.committed()) {
            return Stored.STORED;
        }
        if (outcome.refused(Role.ORGANISATION)) {
            return Stored.ORGANISATION_NOT_ACTIVE;
        }
        if (outcome.refused(Role.DEFINITIONS)) {
            return Stored.CHANGED_MEANWHILE;
        }
        throw outcome.unexpected();
    }

    /**
     * The deletion, when the definitions are still as read and nobody holds the group: the grants counted on the
     * definitions are read first, then the memberships (strongly consistent, only a member holding the group is
     * returned, and the read stops at the first), and the deletion is written only while the count is unchanged,
     * so a grant between that read and the write refuses it: read again, the member holding the group is found (a
     * deletion that keeps losing to grants of its group answers that the definitions changed meanwhile).
     */
    @Override
    public Stored deleteUnheld(Organisation organisation, GroupDefinitions before, GroupName group, NewEvent event) {
        TenantId tenant = organisation.id();
        ScopedTable table = table(tenant);
        for (int attempt = 1; attempt <= DELETE_ATTEMPTS; attempt++) {
            ReadScope life = ReadScope.organisation(tenant, organisation.incarnation());
            Map<String, AttributeValue> now = checked.one(ItemKind.GROUP_DEFINITIONS, life,
                    table.get(GroupDefinitionItems.key(tenant)), item -> item).orElse(Map.of());
            if (now.isEmpty() || GroupDefinitionItems.fromItem(now).version() != before.version()) {
                return Stored.CHANGED_MEANWHILE;
            }
            if (held(table, tenant, life, group)) {
                return Stored.HELD;
            }
            TransactionOutcome outcome = table.transact(Transaction.builder()
                    .writtenBy(organisation.incarnation())
                    .put(Role.DEFINITIONS, GroupDefinitionItems.toItem(tenant, before.without(group)),
                            GroupDefinitionItems.asRead(before.version(), group, GroupDefinitionItems.grants(now,
                                    group)))
                    .add(Role.ORGANISATION, OrganisationConditions.stillActive(organisation))
                    .records(event).build());
            if (!outcome.refused(Role.DEFINITIONS) || outcome.refused(Role.ORGANISATION)) {
                return stored(outcome);
            }
        }
        return Stored.CHANGED_MEANWHILE;
    }

    /** Whether a member holds {@code group}: the memberships that do, read until the first. */
    private boolean held(ScopedTable table, TenantId tenant, ReadScope life, GroupName group) {
        Expr holding = Expr.of("contains(#heldGroups, :heldGroup)").name("#heldGroups", MembershipItems.GROUPS)
                .value(":heldGroup", AttributeValue.fromS(group.value()));
        Expr members = MembershipReads.organisationMembers(tenant).withPlaceholdersOf(holding);
        Optional<Map<String, AttributeValue>> from = Optional.empty();
        do {
            Optional<Map<String, AttributeValue>> start = from;
            Page page = table.query(members, query -> {
                query.filterExpression(holding.text()).consistentRead(true);
                start.ifPresent(query::exclusiveStartKey);
            });
            if (!checked.all(ItemKind.MEMBERSHIP, life, page.items(), MembershipItems::fromItem)
                    .isEmpty()) {
                return true;
            }
            from = page.next();
        } while (from.isPresent());
        return false;
    }

    private ScopedTable table(TenantId tenant) {
        return store.forTenant(tenant);
    }
}
