package dev.enclave.app.service;

import dev.enclave.app.member.MembershipKeys;
import dev.enclave.app.store.CheckedItems;
import dev.enclave.app.platform.ExpectedVersion;
import dev.enclave.app.store.ItemKind;
import dev.enclave.app.store.ReadScope;
import dev.enclave.app.store.Conditions;
import dev.enclave.app.store.Expr;
import dev.enclave.app.store.ItemKey;
import dev.enclave.app.store.KeyConditions;
import dev.enclave.app.store.ScopedTable;
import dev.enclave.app.store.Store;
import dev.enclave.app.store.TenantPartition;
import dev.enclave.app.store.Transaction;
import dev.enclave.app.store.TransactionOutcome;
import dev.enclave.app.store.Update;
import dev.enclave.app.store.WriteRole;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** {@link Services} on the single table, on the organisation's scoped client. */
@Singleton
@Requires(beans = TenantDynamoDb.class)
final class DynamoDbServices implements Services {

    /** DynamoDB's transaction limit, less the service item itself. */
    static final int MAX_ASSIGNMENTS_PER_DELETE = Transaction.MAX_WRITES - 1;

    /** The writes of deleting a service and of assigning a member to one of its groups. */
    enum Role implements WriteRole {
        SERVICE,
        MEMBER,
        ASSIGNMENT
    }

    private final Store store;
    private final CheckedItems checked;

    DynamoDbServices(Store store, CheckedItems checked) {
        this.store = store;
        this.checked = checked;
    }

    @Override
    public boolean create(TenantId tenant, ServiceId service, String name) {
        return table(tenant).put(ServiceItems.toItem(tenant, service, name), Conditions.absent());
    }

    @Override
    public Optional<Service> find(TenantId tenant, ServiceId service) {
        return checked.one(ItemKind.SERVICE, ReadScope.tenant(tenant),
                table(tenant).get(ServiceKeys.service(tenant, service)), ServiceItems::fromItem);
    }

    @Override
    public List<Service> list(TenantId tenant) {
        return checked.all(ItemKind.SERVICE, ReadScope.tenant(tenant), query(tenant, ServiceKeys.SERVICE_PREFIX),
                ServiceItems::fromItem);
    }

    @Override
    public Optional<Service> rename(TenantId tenant, ServiceId service, String name, ExpectedVersion expected) {
        Expr update = Update.builder().set("#name = :name, #version = #version + :one")
                .name("#name", ServiceItems.NAME).name("#version", ServiceItems.VERSION)
                .value(":name", name).number(":one", 1).build();
        return table(tenant).updateReturning(ServiceKeys.service(tenant, service), update,
                Conditions.atVersion(expected, ServiceItems.VERSION)).updated().map(ServiceItems::fromItem);
    }

    @Override
    public Deletion delete(TenantId tenant, ServiceId service) {
        List<ItemKey> assignments = checked.all(ItemKind.ASSIGNMENT, ReadScope.partition(tenant),
                query(tenant, ServiceKeys.servicePrefix(service)), ItemKey::of);
        if (assignments.size() > MAX_ASSIGNMENTS_PER_DELETE) {
            return Deletion.TOO_MANY_ASSIGNMENTS;
        }
        Transaction.Builder writes = Transaction.builder()
                .delete(Role.SERVICE, ServiceKeys.service(tenant, service), Conditions.exists());
        assignments.forEach(key -> writes.delete(Role.ASSIGNMENT, key));
        TransactionOutcome outcome = table(tenant).transact(writes.build());
        return outcome.refused(Role.SERVICE) ? Deletion.NOT_FOUND : Deletion.DELETED;
    }

    @Override
    public boolean assign(TenantId tenant, ServiceGroup group, UserKey user, String userId) {
        Transaction assignment = Transaction.builder()
                .check(Role.MEMBER, MembershipKeys.key(tenant, user), Conditions.exists())
                .check(Role.SERVICE, ServiceKeys.service(tenant, group.service()), Conditions.exists())
                .put(Role.ASSIGNMENT, AssignmentItems.item(tenant, group, user, userId))
                .build();
        return !table(tenant).transact(assignment).refusedAny(Role.MEMBER, Role.SERVICE);
    }

    @Override
    public void unassign(TenantId tenant, ServiceGroup group, UserKey user) {
        table(tenant).delete(ServiceKeys.assignment(tenant, group, user));
    }

    @Override
    public List<String> groupMembers(TenantId tenant, ServiceGroup group) {
        return checked.all(ItemKind.ASSIGNMENT, ReadScope.tenant(tenant), query(tenant, ServiceKeys.groupPrefix(group)),
                AssignmentItems::userId);
    }

    @Override
    public boolean isAssigned(TenantId tenant, ServiceGroup group, UserKey user) {
        return !table(tenant).get(ServiceKeys.assignment(tenant, group, user)).isEmpty();
    }

    private List<Map<String, AttributeValue>> query(TenantId tenant, String sortPrefix) {
        return table(tenant).queryAll(KeyConditions.partition(TenantPartition.of(tenant).value(), sortPrefix),
                q -> { });
    }

    private ScopedTable table(TenantId tenant) {
        return store.forTenant(tenant);
    }
}
