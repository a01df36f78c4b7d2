package dev.enclave.app.infra.store.access;

import dev.enclave.app.domain.access.AccessReads;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.service.Service;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.ItemRead;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.member.MembershipReads;
import dev.enclave.app.infra.store.organisation.OrganisationReads;
import dev.enclave.app.infra.store.service.ServiceReads;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One strongly consistent BatchGetItem of the membership, the organisation and its group definitions (and the
 * other memberships and services a permission check asks about), on the
 * tenant's scoped client. A membership or definitions item that does not check is none, and neither is one another
 * incarnation of the organisation wrote (or any, when there is no organisation); an organisation item that does not
 * check is none.
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
record DynamoDbAccessReads(Store store, CheckedItems checked) implements AccessReads {

    @Override
    public Facts read(TenantId tenant, UserKey user) {
        return readWith(tenant, user, List.of(), List.of()).facts();
    }

    @Override
    public Others readWith(TenantId tenant, UserKey user, List<UserKey> others, List<ServiceId> services) {
        if (others.size() + services.size() > MAX_OTHERS) {
            throw new IllegalArgumentException("at most " + MAX_OTHERS + " others and services in one read");
        }
        ItemRead<Membership> membershipRead = MembershipReads.item(tenant, user);
        ItemRead<Organisation> organisationRead = OrganisationReads.item(tenant);
        ItemRead<GroupDefinitions> definitionsRead = MembershipReads.definitions(tenant);
        List<ItemRead<Membership>> otherReads = others.stream().distinct().filter(other -> !other.equals(user))
                .map(other -> MembershipReads.item(tenant, other)).toList();
        List<ItemKey> keys = new ArrayList<>(List.of(membershipRead.key(), organisationRead.key(),
                definitionsRead.key()));
        List<ItemRead<Service>> serviceReads = services.stream().distinct()
                .map(service -> ServiceReads.item(tenant, service)).toList();
        otherReads.forEach(read -> keys.add(read.key()));
        serviceReads.forEach(read -> keys.add(read.key()));
        List<Map<String, AttributeValue>> items = store.forTenant(tenant).getAll(keys);
        Optional<Organisation> organisation = organisationRead.in(items, ReadScope.tenant(tenant), checked);
        Optional<ReadScope> life = organisation.map(found -> ReadScope.organisation(tenant, found.incarnation()));
        Optional<Membership> membership = life.flatMap(scope -> membershipRead.in(items, scope, checked));
        GroupDefinitions definitions = life.flatMap(scope -> definitionsRead.in(items, scope, checked))
                .orElse(GroupDefinitions.NONE);
        Map<UserKey, Membership> found = new LinkedHashMap<>();
        membership.ifPresent(own -> found.put(user, own));
        life.ifPresent(scope -> otherReads.forEach(read -> read.in(items, scope, checked)
                .ifPresent(other -> found.put(other.user(), other))));
        Map<ServiceId, Service> servicesFound = new LinkedHashMap<>();
        life.ifPresent(scope -> serviceReads.forEach(read -> read.in(items, scope, checked)
                .ifPresent(service -> servicesFound.put(service.id(), service))));
        return new Others(new Facts(membership, organisation, definitions), found, servicesFound);
    }
}
