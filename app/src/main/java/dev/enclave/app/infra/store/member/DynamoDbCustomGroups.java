package dev.enclave.app.infra.store.member;

import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.permission.CustomGroups;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemKind;
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

/**
 * {@link CustomGroups} in the organisation's control partition: the definitions item is written whole, on the
 * version read (optimistic), in one transaction with the organisation's liveness and the event.
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
record DynamoDbCustomGroups(Store store, CheckedItems checked) implements CustomGroups {

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
        Expr asRead = before.version() == 0 ? Expr.absent() : Expr.exists().and(Expr.of("#version = :version")
                .name("#version", GroupDefinitionItems.VERSION).number(":version", before.version()));
        TransactionOutcome outcome = table(tenant).transact(Transaction.builder()
                .writtenBy(organisation.incarnation())
                .put(Role.DEFINITIONS, GroupDefinitionItems.toItem(tenant, after), asRead)
                .add(Role.ORGANISATION, OrganisationConditions.stillActive(organisation))
                .records(event).build());
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

    @Override
    public boolean held(TenantId tenant, GroupName group) {
        return checked.all(ItemKind.MEMBERSHIP, ReadScope.tenant(tenant), table(tenant).queryAll(
                MembershipReads.organisationMembers(tenant), query -> query.consistentRead(true)),
                MembershipItems::fromItem).stream().map(Membership::groups).anyMatch(held -> held.contains(group));
    }

    private ScopedTable table(TenantId tenant) {
        return store.forTenant(tenant);
    }
}
