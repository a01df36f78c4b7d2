package dev.enclave.app.member;

import dev.enclave.app.platform.CheckedItems;
import dev.enclave.app.platform.ItemKind;
import dev.enclave.app.platform.ReadScope;
import dev.enclave.app.platform.TableSettings;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.guard.GuardScope;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/** {@link Members} on the single table. */
@Singleton
@Requires(beans = TenantDynamoDb.class)
final class DynamoDbMembers implements Members {

    private final TenantDynamoDb tenants;
    private final String table;
    private final CheckedItems checked;

    DynamoDbMembers(TenantDynamoDb tenants, TableSettings table, CheckedItems checked) {
        this.tenants = tenants;
        this.table = table.getName();
        this.checked = checked;
    }

    @Override
    public Optional<Membership> find(TenantId tenant, UserKey user) {
        var response = tenants.forTenant(tenant).getItem(b -> b.tableName(table)
                .key(MembershipKeys.key(tenant, user)).consistentRead(true));
        return checked.one(ItemKind.MEMBERSHIP, ReadScope.tenant(tenant), response.item(), MembershipItems::fromItem);
    }

    @Override
    public MemberPage list(TenantId tenant, int limit, Optional<UserKey> after) {
        QueryRequest.Builder query = MembershipKeys.organisationMembers(table, tenant, limit);
        after.ifPresent(user -> query.exclusiveStartKey(MembershipKeys.key(tenant, user)));
        QueryResponse response = tenants.forTenant(tenant).query(query.build());
        List<Membership> members = checked.all(ItemKind.MEMBERSHIP, ReadScope.tenant(tenant), response.items(),
                MembershipItems::fromItem);
        Optional<UserKey> last = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
                && !members.isEmpty() ? Optional.of(members.get(members.size() - 1).user()) : Optional.empty();
        return new MemberPage(members, last);
    }

    @Override
    public List<UserMembership> ofUser(UserKey user) {
        QueryResponse response = tenants.forScope(GuardScope.ownEntries(user.prefix()))
                .query(b -> b.tableName(table).indexName(TableDesign.BY_USER.indexName())
                        .keyConditionExpression("GSI2PK = :user AND begins_with(GSI2SK, :orgs)")
                        .expressionAttributeValues(Map.of(":user", AttributeValue.fromS(user.prefix().value()),
                                ":orgs", AttributeValue.fromS(MembershipKeys.USER_INDEX_SORT_PREFIX))));
        return checked.all(ItemKind.MEMBERSHIP,
                ReadScope.ownEntries(user.prefix(), MembershipKeys.USER_INDEX_SORT_PREFIX), response.items(),
                item -> new UserMembership(MembershipItems.fromItem(item), MembershipItems.organisationName(item)));
    }
}
