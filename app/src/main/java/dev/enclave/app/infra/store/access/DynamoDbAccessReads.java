package dev.enclave.app.infra.store.access;

import dev.enclave.app.domain.access.AccessReads;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.ItemRead;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.member.MembershipReads;
import dev.enclave.app.infra.store.organisation.OrganisationReads;
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
record DynamoDbAccessReads(Store store, CheckedItems checked) implements AccessReads {

    @Override
    public Facts read(TenantId tenant, UserKey user) {
        ItemRead<Membership> membershipRead = MembershipReads.item(tenant, user);
        ItemRead<Organisation> organisationRead = OrganisationReads.item(tenant);
        List<Map<String, AttributeValue>> items = store.forTenant(tenant).getAll(List.of(membershipRead.key(),
                organisationRead.key()));
        Optional<Organisation> organisation = organisationRead.in(items, ReadScope.tenant(tenant), checked);
        Optional<Membership> membership = organisation.flatMap(life -> membershipRead.in(items,
                ReadScope.organisation(tenant, life.incarnation()), checked));
        return new Facts(membership, organisation);
    }
}
