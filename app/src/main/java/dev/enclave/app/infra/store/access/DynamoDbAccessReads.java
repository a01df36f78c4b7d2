package dev.enclave.app.infra.store.access;

import dev.enclave.app.domain.access.AccessReads;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.ScopedTable;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.member.MembershipItems;
import dev.enclave.app.infra.store.member.MembershipKeys;
import dev.enclave.app.infra.store.organisation.OrganisationItems;
import dev.enclave.app.infra.store.organisation.OrganisationKeys;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One strongly consistent BatchGetItem of the membership and the organisation, on the tenant's scoped client. A
 * membership item that does not check is no membership, and neither is one another incarnation of the organisation
 * wrote (or any, when there is no organisation); an organisation item that does not check is none.
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
final class DynamoDbAccessReads implements AccessReads {

    private final Store store;
    private final CheckedItems checked;

    DynamoDbAccessReads(Store store, CheckedItems checked) {
        this.store = store;
        this.checked = checked;
    }

    @Override
    public Facts read(TenantId tenant, UserKey user) {
        ItemKey membershipKey = MembershipKeys.key(tenant, user);
        ItemKey organisationKey = OrganisationKeys.key(tenant);
        List<Map<String, AttributeValue>> items = store.forTenant(tenant).getAll(List.of(membershipKey,
                organisationKey));
        Optional<Organisation> organisation = checked.one(ItemKind.ORGANISATION, ReadScope.tenant(tenant),
                ScopedTable.at(items, organisationKey), OrganisationItems::fromItem);
        Optional<Membership> membership = organisation.flatMap(life -> checked.one(ItemKind.MEMBERSHIP,
                ReadScope.organisation(tenant, life.incarnation()), ScopedTable.at(items, membershipKey),
                MembershipItems::fromItem));
        return new Facts(membership, organisation);
    }
}
