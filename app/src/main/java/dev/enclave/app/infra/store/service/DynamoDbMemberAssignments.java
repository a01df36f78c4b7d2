package dev.enclave.app.infra.store.service;

import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.KeyConditions;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.ScopedTable;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.member.MemberDependents;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A member's service-group assignments, which go with their membership. The membership records each one by its
 * written form ({@link ServiceGroup#written()}); those are read back strongly consistently, so what a removal deletes
 * never depends on an index. Assignments made before memberships recorded them are found on the member's
 * {@code byTenantCollection} entries as well: an index that may lag, but only for items long written.
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
record DynamoDbMemberAssignments(Store store, CheckedItems checked) implements MemberDependents {

    @Override
    public List<ItemKey> of(TenantId tenant, UserKey user, Set<String> recorded) {
        ScopedTable table = store.forTenant(tenant);
        Set<ItemKey> candidates = new LinkedHashSet<>();
        recorded.stream().map(ServiceGroup::parse).flatMap(Optional::stream)
                .map(group -> ServiceKeys.assignment(tenant, group, user)).forEach(candidates::add);
        candidates.addAll(indexed(table, tenant, user));
        if (candidates.isEmpty()) {
            return List.of();
        }
        return checked.all(ItemKind.ASSIGNMENT, ReadScope.partition(tenant), table.getAll(List.copyOf(candidates)),
                item -> AssignmentItems.keyOfAssignment(item, user));
    }

    /** One Query on the member's byTenantCollection partition (anyone's item may carry that index key). */
    private List<ItemKey> indexed(ScopedTable table, TenantId tenant, UserKey user) {
        var found = table.query(KeyConditions.index(TableDesign.BY_TENANT_COLLECTION,
                ServiceKeys.byMember(tenant, user)), q -> q.indexName(TableDesign.BY_TENANT_COLLECTION.indexName()))
                .items();
        return checked.all(ItemKind.ASSIGNMENT, ReadScope.tenant(tenant), found,
                item -> AssignmentItems.keyOfAssignment(item, user));
    }
}
