package dev.enclave.app.service;

import dev.enclave.app.member.MemberDependents;
import dev.enclave.app.store.CheckedItems;
import dev.enclave.app.store.ItemKind;
import dev.enclave.app.store.ReadScope;
import dev.enclave.app.store.ItemKey;
import dev.enclave.app.store.KeyConditions;
import dev.enclave.app.store.Store;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.List;

/** A member's service-group assignments, which go with their membership. */
@Singleton
@Requires(beans = TenantDynamoDb.class)
final class DynamoDbMemberAssignments implements MemberDependents {

    private final Store store;
    private final CheckedItems checked;

    DynamoDbMemberAssignments(Store store, CheckedItems checked) {
        this.store = store;
        this.checked = checked;
    }

    /**
     * One Query on the member's byTenantCollection partition, keeping only the organisation's own assignment items
     * of this member (anyone's item may carry that index key).
     */
    @Override
    public List<ItemKey> of(TenantId tenant, UserKey user) {
        var found = store.forTenant(tenant).query(KeyConditions.index(TableDesign.BY_TENANT_COLLECTION,
                        ServiceKeys.byMember(tenant, user)),
                q -> q.indexName(TableDesign.BY_TENANT_COLLECTION.indexName())).items();
        return checked.all(ItemKind.ASSIGNMENT, ReadScope.tenant(tenant), found,
                item -> AssignmentItems.keyOfAssignment(item, user));
    }
}
