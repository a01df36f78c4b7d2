package dev.enclave.app.access;

import dev.enclave.app.member.MembershipItems;
import dev.enclave.app.member.MembershipKeys;
import dev.enclave.app.organisation.OrganisationItems;
import dev.enclave.app.organisation.OrganisationKeys;
import dev.enclave.app.platform.ConsistentBatchGet;
import dev.enclave.app.platform.TableSettings;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** One strongly consistent BatchGetItem of the membership and the organisation, on the tenant's scoped client. */
@Singleton
@Requires(beans = TenantDynamoDb.class)
final class DynamoDbAccessReads implements AccessReads {

    private final TenantDynamoDb tenants;
    private final String table;

    DynamoDbAccessReads(TenantDynamoDb tenants, TableSettings table) {
        this.tenants = tenants;
        this.table = table.getName();
    }

    @Override
    public Facts read(TenantId tenant, UserKey user) {
        List<Map<String, AttributeValue>> items = ConsistentBatchGet.items(tenants.forTenant(tenant), table,
                List.of(MembershipKeys.key(tenant, user), OrganisationKeys.key(tenant)));
        Optional<Map<String, AttributeValue>> membership = items.stream()
                .filter(i -> i.get("SK").s().startsWith(MembershipKeys.SORT_KEY_PREFIX)).findFirst();
        Optional<Map<String, AttributeValue>> organisation = items.stream()
                .filter(i -> OrganisationKeys.SORT_KEY.equals(i.get("SK").s())).findFirst();
        return new Facts(membership.map(MembershipItems::fromItem), organisation.map(OrganisationItems::fromItem));
    }
}
