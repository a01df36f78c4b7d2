package dev.enclave.app.member;

import dev.enclave.app.organisation.NameCopies;
import dev.enclave.app.organisation.OrganisationName;
import dev.enclave.app.store.CheckedItems;
import dev.enclave.app.store.ItemKind;
import dev.enclave.app.store.ReadScope;
import dev.enclave.app.store.Conditions;
import dev.enclave.app.store.Expr;
import dev.enclave.app.store.ItemKey;
import dev.enclave.app.store.KeyConditions;
import dev.enclave.app.store.Page;
import dev.enclave.app.store.ScopedTable;
import dev.enclave.app.store.Store;
import dev.enclave.app.store.Transaction;
import dev.enclave.app.store.Update;
import dev.enclave.app.store.WriteRole;
import dev.enclave.identity.TenantId;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The organisation's name as every membership copies it: a rename reaches them page by page, up to 100
 * memberships per transaction.
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
final class DynamoDbNameCopies implements NameCopies {

    /** The one write of a page's transaction: a membership's copy of the name. */
    enum Role implements WriteRole { NAME_COPY }

    private static final int NAME_COPY_ATTEMPTS = 5;

    private final Store store;
    private final CheckedItems checked;

    DynamoDbNameCopies(Store store, CheckedItems checked) {
        this.store = store;
        this.checked = checked;
    }

    @Override
    public void copy(TenantId tenant, OrganisationName name) {
        ScopedTable table = store.forTenant(tenant);
        Optional<Map<String, AttributeValue>> start = Optional.empty();
        do {
            Optional<Map<String, AttributeValue>> from = start;
            Page page = table.query(MembershipKeys.organisationMembers(tenant), q -> q.limit(Transaction.MAX_WRITES)
                    .consistentRead(true).projectionExpression(KeyConditions.TABLE_KEYS)
                    .exclusiveStartKey(from.orElse(null)));
            copyName(table, checked.all(ItemKind.MEMBERSHIP, ReadScope.partition(tenant), page.items(),
                    ItemKey::of), name);
            start = page.next();
        } while (start.isPresent());
    }

    /**
     * One transaction for the page; if any membership refuses (newer copy, gone, busy), each on its own, waiting
     * out transactions in flight on it (a group edit, a leave).
     */
    private static void copyName(ScopedTable table, List<ItemKey> keys, OrganisationName name) {
        if (keys.isEmpty()) {
            return;
        }
        Transaction.Builder copies = Transaction.builder();
        keys.forEach(key -> copies.update(Role.NAME_COPY, key, nameCopy(name), olderNameCopy(name)));
        if (!table.tryCommit(copies.build())) {
            keys.forEach(key -> table.updateWaitingOutConflicts(key, nameCopy(name), olderNameCopy(name),
                    NAME_COPY_ATTEMPTS));
        }
    }

    private static Expr nameCopy(OrganisationName name) {
        return Update.builder().set("#orgName = :name, #orgNameVersion = :version")
                .name("#orgName", MembershipItems.ORGANISATION_NAME)
                .name("#orgNameVersion", MembershipItems.ORGANISATION_NAME_VERSION)
                .value(":name", name.name()).number(":version", name.version()).build();
    }

    /** Only a copy older than {@code name}'s replaces; a membership gone meanwhile is skipped. */
    private static Expr olderNameCopy(OrganisationName name) {
        return Conditions.exists().and(Expr.of("(attribute_not_exists(#orgNameVersion) OR #orgNameVersion < :version)")
                .name("#orgNameVersion", MembershipItems.ORGANISATION_NAME_VERSION).number(":version", name.version()));
    }
}
