package dev.enclave.app.infra.store.service;

import dev.enclave.app.domain.organisation.Job;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.KeyConditions;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.TransactionOutcome;
import dev.enclave.app.infra.store.Write;
import dev.enclave.app.infra.store.WriteRole;
import dev.enclave.app.infra.store.jobs.ServiceSweep;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.IntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link ServiceSweep} on the organisation's partition: the first items under the deleted service's key prefix, each
 * deleted by the key it was read at (one that does not map as an assignment, or names another, goes too: the key
 * alone says it is the service's), the assignments among them
 * (nothing adds any: the service item is gone, and every assignment conditions on it), deleted with the writes that
 * forget them on their members, each page one transaction with the job's checkpoint and the check that no service of
 * the id exists (one created by an instance from before the sweep, which does not check what the sweep owes, keeps
 * its assignments). A member removed between the read and the write refuses the page, which is read again.
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
record DynamoDbServiceSweep(Store store, CheckedItems checked, DynamoDbServices services) implements ServiceSweep {

    /**
     * Assignments a page removes: with one membership each to forget them on, the fence and the check that no service
     * of the id exists, within a transaction.
     */
    static final int PAGE = (Transaction.MAX_CHANGE_WRITES - 2) / 2;
    private static final int ATTEMPTS = 3;
    private static final Logger LOG = LoggerFactory.getLogger(DynamoDbServiceSweep.class);

    private enum Role implements WriteRole { ASSIGNMENT, MEMBER, JOB, SERVICE }

    @Override
    public OptionalInt sweep(Job sweep, String service, IntFunction<Write> fence) {
        TenantId tenant = sweep.tenant();
        ServiceId id = new ServiceId(service);
        for (int attempt = 1; ; attempt++) {
            List<Map<String, AttributeValue>> read = store.forTenant(tenant).query(KeyConditions.partition(
                    ItemKey.tenantPartition(tenant), ServiceKeys.servicePrefix(id)),
                    q -> q.consistentRead(true).limit(PAGE)).items();
            if (read.isEmpty()) {
                return OptionalInt.of(0);
            }
            List<ServiceReads.Assignment> page = checked.all(ItemKind.ASSIGNMENT, ReadScope.partition(tenant), read,
                    AssignmentItems::fromItem);
            Map<UserKey, Write.Update> forgotten = services.forgottenOnMembers(tenant,
                    ReadScope.organisation(tenant, sweep.incarnation()), page);
            Transaction.Builder writes = Transaction.builder().add(Role.JOB, fence.apply(page.size()))
                    .check(Role.SERVICE, ServiceKeys.service(tenant, id), Expr.absent());
            read.forEach(item -> writes.delete(Role.ASSIGNMENT, ItemKey.of(item)));
            forgotten.values().forEach(write -> writes.add(Role.MEMBER, write));
            TransactionOutcome outcome = store.forTenant(tenant).transact(writes.build());
            if (outcome.committed()) {
                return OptionalInt.of(read.size());
            }
            if (outcome.refused(Role.JOB)) {
                return OptionalInt.empty();
            }
            if (outcome.refused(Role.SERVICE)) {
                LOG.warn("service sweep stopped: a service {} of {} was created while its assignments were owed "
                        + "(by an instance from before the sweep); they are kept", service, tenant.value());
                return OptionalInt.of(0);
            }
            if (attempt == ATTEMPTS) {
                throw outcome.unexpected();
            }
        }
    }
}
