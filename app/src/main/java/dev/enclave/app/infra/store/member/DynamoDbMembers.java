package dev.enclave.app.infra.store.member;

import dev.enclave.app.domain.member.Members;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.IndexPositions;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.Page;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.ScopedTable;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.organisation.OrganisationReads;
import dev.enclave.identity.Incarnation;
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

/** {@link Members} on the single table; their changes are {@link DynamoDbMembershipChanges}. */
@Singleton
@Requires(beans = TenantDynamoDb.class)
public record DynamoDbMembers(Store store, CheckedItems checked) implements Members {

    @Override
    public Optional<Membership> find(TenantId tenant, UserKey user) {
        ItemKey key = MembershipKeys.key(tenant, user);
        var organisationRead = OrganisationReads.item(tenant);
        List<Map<String, AttributeValue>> items = store.forTenant(tenant).getAll(List.of(key,
                organisationRead.key()));
        return checked.one(ItemKind.MEMBERSHIP, lifeOf(tenant, organisationRead.in(items, ReadScope.tenant(tenant),
                checked)), ScopedTable.at(items, key), MembershipItems::fromItem);
    }

    @Override
    public MemberPage list(TenantId tenant, Incarnation in, int limit, Optional<UserKey> after) {
        ReadScope life = ReadScope.organisation(tenant, in);
        Page page = store.forTenant(tenant).query(MembershipReads.organisationMembers(tenant), q -> {
            q.limit(limit).consistentRead(true);
            after.ifPresent(user -> q.exclusiveStartKey(MembershipKeys.key(tenant, user).asMap()));
        });
        List<Membership> members = checked.all(ItemKind.MEMBERSHIP, life, page.items(), MembershipItems::fromItem);
        Optional<UserKey> lastShown = members.isEmpty() ? Optional.empty()
                : Optional.of(members.get(members.size() - 1).user());
        Optional<UserKey> last = page.next().isEmpty() ? Optional.empty()
                : MembershipKeys.member(ItemKey.sortOf(page.next().get())).or(() -> lastShown);
        return new MemberPage(members, last);
    }

    /**
     * The organisation's life as read, for reading its members: a membership a predecessor under the same id left
     * behind is no member (no organisation: no life, and no member either).
     */
    private static ReadScope lifeOf(TenantId tenant, Optional<Organisation> organisation) {
        return organisation.map(found -> ReadScope.organisation(tenant, found.incarnation()))
                .orElseGet(() -> ReadScope.tenant(tenant));
    }

    @Override
    public UserMembershipPage ofUser(UserKey user, Optional<TenantId> in, int limit, Optional<String> after) {
        Page page = store.forScope(GuardScope.ownEntries(user.prefix())).query(MembershipKeys.ofUser(user, in), q -> {
            q.indexName(TableDesign.BY_USER.indexName()).limit(limit);
            after.ifPresent(position -> q.exclusiveStartKey(IndexPositions.start(TableDesign.BY_USER,
                    MembershipKeys.userIndexPartition(user), position)));
        });
        return new UserMembershipPage(checked.all(ItemKind.MEMBERSHIP,
                ReadScope.ownEntries(user.prefix(), MembershipKeys.USER_INDEX_SORT_PREFIX), page.items(),
                MembershipItems.SCHEMA::fromItem), page.next().map(stop -> IndexPositions.of(TableDesign.BY_USER, stop)));
    }
}
