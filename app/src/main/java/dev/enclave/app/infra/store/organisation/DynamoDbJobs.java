package dev.enclave.app.infra.store.organisation;

import dev.enclave.app.domain.organisation.Job;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.infra.store.CheckedItems;
import dev.enclave.app.infra.store.DueLeases;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.ItemKind;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.app.infra.store.ScopedTable;
import dev.enclave.app.infra.store.Store;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.UpdateOutcome;
import dev.enclave.app.infra.store.Write;
import dev.enclave.app.infra.store.WriteRole;
import dev.enclave.app.infra.store.jobs.Jobs;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link Jobs} on the due-work index, read with a scope of its own ({@code WORK#owed#}, read only), and on each job
 * item with its organisation's scoped client.
 */
@Singleton
@Requires(beans = TenantDynamoDb.class)
record DynamoDbJobs(Store store, CheckedItems checked) implements Jobs {

    private static final Logger LOG = LoggerFactory.getLogger(DynamoDbJobs.class);

    /** The writes of finishing a rename and of taking over a debt recorded the way it was before jobs. */
    enum Role implements WriteRole { JOB, ORGANISATION }

    @Override
    public List<Due> due(Instant now, int limit) {
        var found = DueLeases.due(store, TableDesign.OWED_WORK, now, limit);
        return checked.all(ItemKind.OWED_WORK, ReadScope.owedWork(), found.items(), this::due).stream()
                .flatMap(Optional::stream).toList();
    }

    /** The job an index entry names; a debt recorded on the organisation item before jobs becomes one first. */
    private Optional<Due> due(Map<String, AttributeValue> entry) {
        TenantId tenant = ReadScope.partitionTenant(entry).orElseThrow();
        String sortKey = ItemAttributes.sortKey(entry);
        if (OrganisationKeys.SORT_KEY.equals(sortKey)) {
            return adopted(tenant);
        }
        return Optional.of(new Due(tenant, JobItems.kindOf(sortKey)
                .orElseThrow(() -> new IllegalArgumentException("not a job"))));
    }

    /**
     * Turns a debt an organisation item carries on the index (as written before jobs existed) into its job, in one
     * transaction that takes the organisation item off the index while the debt is still the one read; an entry whose
     * debt was settled since (by a job that cleared the debt but not the old entry) just leaves the index, so it does
     * not stand first in every poll.
     */
    private Optional<Due> adopted(TenantId tenant) {
        ScopedTable table = store.forTenant(tenant);
        Map<String, AttributeValue> item = table.get(OrganisationKeys.key(tenant));
        Optional<OwedWorkItems.Debt> debt = item.isEmpty() ? Optional.empty() : OwedWorkItems.debt(item);
        if (debt.isEmpty()) {
            if (!item.isEmpty()) {
                table.update(OrganisationKeys.key(tenant), OwedWorkItems.offTheIndex(), OwedWorkItems.noDebt());
            }
            return Optional.empty();
        }
        Organisation organisation = OrganisationItems.SCHEMA.fromItem(item);
        Job.Kind kind = debt.get().kind();
        Job job = Job.recorded(organisation, kind, debt.get().version(), Instant.EPOCH);
        table.transact(Transaction.builder()
                .update(Role.ORGANISATION, OrganisationKeys.key(tenant), OwedWorkItems.offTheIndex(),
                        OwedWorkItems.stillOwed(debt.get()))
                .put(Role.JOB, JobItems.toItem(job)).build());
        return Optional.of(new Due(tenant, kind));
    }

    @Override
    public Optional<Job> take(TenantId tenant, Job.Kind kind, String worker, Instant now, Duration lease) {
        UpdateOutcome outcome = store.forTenant(tenant).updateReturning(JobItems.key(tenant, kind),
                JobItems.leased(tenant, kind, worker, now.plus(lease)).build(), JobItems.takeable(worker, now));
        return outcome.updated().flatMap(item -> checked.one(ItemKind.JOB, ReadScope.tenant(tenant), item,
                JobItems::fromItem)).filter(job -> toRun(job, worker, now));
    }

    /**
     * Whether the job taken is still to run: its organisation is in the life the job was recorded in (a job a
     * predecessor under the same id left behind, by a restore or a repair, must never walk the successor's items:
     * dropped), and, for a rename, is not being deleted (the deletion supersedes it: finished, so it stops coming
     * due again at every lease until the deletion's walk removes it).
     */
    private boolean toRun(Job job, String worker, Instant now) {
        Map<String, AttributeValue> item = store.forTenant(job.tenant()).get(OrganisationKeys.key(job.tenant()));
        Optional<Organisation> organisation = item.isEmpty() ? Optional.empty()
                : Optional.of(OrganisationItems.SCHEMA.fromItem(item));
        if (organisation.filter(found -> found.incarnation().equals(job.incarnation())).isEmpty()) {
            return dropped(job, worker);
        }
        if (job.kind() == Job.Kind.RENAME && organisation.get().status() == OrganisationStatus.DELETING) {
            LOG.info("the rename of {} is superseded by its deletion: finished, not run", job.tenant().value());
            store.forTenant(job.tenant()).update(JobItems.key(job.tenant(), job.kind()), JobItems.finished(now),
                    JobItems.heldBy(worker, job));
            return false;
        }
        return true;
    }

    /** Removes a job of a life that is gone, so it stands on the index no more; never taken. */
    private boolean dropped(Job job, String worker) {
        LOG.warn("a {} job of {} recorded in a life that is gone ({}) is dropped, not run", job.kind(),
                job.tenant().value(), job.incarnation().value());
        store.forTenant(job.tenant()).delete(JobItems.key(job.tenant(), job.kind()), JobItems.heldBy(worker, job));
        return false;
    }

    @Override
    public Optional<Job> find(TenantId tenant, Job.Kind kind) {
        return checked.one(ItemKind.JOB, ReadScope.tenant(tenant), store.forTenant(tenant)
                .get(JobItems.key(tenant, kind)), item -> item).filter(JobItems::running).map(JobItems::fromItem);
    }

    @Override
    public Write advanced(Job next, String worker, Instant leaseUntil) {
        return new Write.Update(JobItems.key(next.tenant(), next.kind()), JobItems.advanced(next, worker, leaseUntil),
                Optional.of(JobItems.heldBy(worker, next)));
    }

    @Override
    public boolean advance(Job next, String worker, Instant leaseUntil) {
        return store.forTenant(next.tenant()).update(JobItems.key(next.tenant(), next.kind()),
                JobItems.advanced(next, worker, leaseUntil), JobItems.heldBy(worker, next));
    }

    @Override
    public boolean finishRename(Job job, String worker, Instant now) {
        return store.forTenant(job.tenant()).transact(Transaction.builder()
                .update(Role.JOB, JobItems.key(job.tenant(), job.kind()), JobItems.finished(now),
                        JobItems.heldBy(worker, job))
                .update(Role.ORGANISATION, OrganisationKeys.key(job.tenant()), OwedWorkItems.clear(),
                        OwedWorkItems.stillOwed(new OwedWorkItems.Debt(job.kind(), job.version())))
                .build()).committed();
    }

    @Override
    public List<String> owedServices(Job sweep) {
        return checked.one(ItemKind.JOB, ReadScope.organisation(sweep.tenant(), sweep.incarnation()),
                store.forTenant(sweep.tenant()).get(ServiceSweepItems.key(sweep.tenant())), item -> item)
                .map(ServiceSweepItems::owedBy).orElse(List.of());
    }

    @Override
    public boolean settleService(Job sweep, String worker, String service) {
        return store.forTenant(sweep.tenant()).update(ServiceSweepItems.key(sweep.tenant()),
                ServiceSweepItems.settled(service), JobItems.heldBy(worker, sweep));
    }

    @Override
    public boolean finishSweep(Job sweep, String worker, Instant now) {
        return store.forTenant(sweep.tenant()).update(ServiceSweepItems.key(sweep.tenant()), JobItems.finished(now),
                JobItems.heldBy(worker, sweep).and(ServiceSweepItems.nothingOwed()));
    }

    @Override
    public void release(Job job, String worker, Instant now) {
        store.forTenant(job.tenant()).update(JobItems.key(job.tenant(), job.kind()),
                JobItems.leased(job.tenant(), job.kind(), worker, now).build(), JobItems.heldBy(worker, job));
    }
}
