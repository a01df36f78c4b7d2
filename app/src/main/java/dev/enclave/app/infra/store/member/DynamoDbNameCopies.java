package dev.enclave.app.infra.store.member;

import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.KeyConditions;
import dev.enclave.app.infra.store.Page;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.TransactionOutcome;
import dev.enclave.app.infra.store.Write;
import dev.enclave.app.infra.store.WriteRole;
import dev.enclave.app.infra.store.jobs.DeletionSweep;
import dev.enclave.app.infra.store.jobs.NameCopies;
import dev.enclave.identity.TenantId;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The organisation's name as every membership copies it: a rename's job reaches them a page at a time, each page one
 * transaction with the job's checkpoint.
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
record DynamoDbNameCopies(Store store, CheckedItems checked) implements NameCopies {

    /** The writes of a page: the job's checkpoint and the memberships' copies of the name. */
    enum Role implements WriteRole { FENCE, NAME_COPY }

    @Override
    public DeletionSweep.KeyPage keys(TenantId tenant, Optional<String> after, int limit) {
        Page page = store.forTenant(tenant).query(MembershipReads.organisationMembers(tenant), q -> q.limit(limit)
                .consistentRead(true).projectionExpression(KeyConditions.TABLE_KEYS)
                .exclusiveStartKey(after.map(sort -> ItemKey.inTenant(tenant, sort).asMap()).orElse(null)));
        return new DeletionSweep.KeyPage(checked.all(ItemKind.MEMBERSHIP, ReadScope.partition(tenant), page.items(),
                ItemKey::of), page.next().map(ItemAttributes::sortKey));
    }

    /**
     * One transaction for the page; the memberships whose condition refused (a newer copy, gone meanwhile) are
     * named by the refusal and left out of the next try, so a page costs at most as many tries as it has refusals.
     */
    @Override
    public boolean copy(TenantId tenant, OrganisationName name, List<ItemKey> keys, Write fence) {
        List<ItemKey> left = new ArrayList<>(keys);
        while (true) {
            Transaction.Builder page = Transaction.builder().add(Role.FENCE, fence);
            left.forEach(key -> page.update(Role.NAME_COPY, key, nameCopy(name), olderNameCopy(name)));
            TransactionOutcome outcome = store.forTenant(tenant).transact(page.build());
            if (outcome.committed()) {
                return true;
            } else if (outcome.refused(Role.FENCE)) {
                return false;
            }
            if (!left.removeAll(outcome.refusedKeys())) {
                throw outcome.unexpected();
            }
        }
    }

    private static Expr nameCopy(OrganisationName name) {
        return Expr.update().set("#orgName = :name, #orgNameVersion = :version")
                .name("#orgName", MembershipItems.ORGANISATION_NAME)
                .name("#orgNameVersion", MembershipItems.ORGANISATION_NAME_VERSION)
                .value(":name", name.name()).number(":version", name.version()).build();
    }

    /** Only a copy older than {@code name}'s replaces; a membership gone meanwhile is skipped. */
    private static Expr olderNameCopy(OrganisationName name) {
        return Expr.exists().and(Expr.of("(attribute_not_exists(#orgNameVersion) OR #orgNameVersion < :version)")
                .name("#orgNameVersion", MembershipItems.ORGANISATION_NAME_VERSION).number(":version", name.version()));
    }
}
