package dev.enclave.app.infra.jobs;

import dev.enclave.app.domain.organisation.Job;
import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.domain.organisation.Organisations;
import dev.enclave.app.domain.outcome.Backoff;
import dev.enclave.app.infra.store.jobs.DeletionSweep;
import dev.enclave.app.infra.store.jobs.FinalDeliveries;
import dev.enclave.app.infra.store.jobs.Jobs;
import dev.enclave.app.infra.store.jobs.NameCopies;
import dev.enclave.app.infra.store.jobs.OutsideEntries;
import dev.enclave.app.infra.store.jobs.ServiceSweep;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One page of a job's work: the keys it reads (strongly consistently, at most {@link RunningJobs#PAGE}), and one
 * transaction that writes them together with the job's next checkpoint, which refuses unless the worker still holds
 * the job.
 *
 * <p>A rename copies the name into the memberships, in key order. A deletion removes the memberships first (so no
 * one's own list shows the organisation for long), then walks the whole partition, and walks it again until a walk
 * from the start finds nothing left but the organisation item and its own job, which go last, together. Nothing can
 * be added meanwhile (every write that adds checks the organisation is not being deleted), so the second walk is
 * the proof, not a hope. Before anything goes, a deletion of an organisation with webhook endpoints waits (up to
 * {@link #FINAL_DELIVERIES_WAIT} from when it was recorded, or a delivery lease and that from when it was taken over
 * or started late, and, past it, while an untried one is held under a lease and the wait after; holding its own
 * lease) until its log is handed out and each delivery made since it began was tried once, so the endpoints are
 * sent the deletion's own event while their keepers' memberships, which they are sent on, are still there. Entries
 * kept outside the partition for a page's items go just before the page does. A service sweep removes a deleted
 * service's assignments a page at a time, then the next owed service's.
 */
public final class JobSteps {

    private final Jobs jobs;
    private final Organisations organisations;
    private final DeletionSweep sweep;
    private final ServiceSweep services;
    private final NameCopies copies;
    private final OutsideEntries outside;
    private final FinalDeliveries deliveries;
    private final Duration deliveryLease;
    private final Clock clock;

    JobSteps(Jobs jobs, Organisations organisations, Sweeps sweeps, NameCopies copies, OutsideEntries outside,
             FinalDeliveries deliveries, Duration deliveryLease, Clock clock) {
        this.jobs = jobs;
        this.organisations = organisations;
        this.sweep = sweeps.organisation();
        this.services = sweeps.services();
        this.copies = copies;
        this.outside = outside;
        this.deliveries = deliveries;
        this.deliveryLease = deliveryLease;
        this.clock = clock;
    }

    /**
     * Where a job is: its checkpoint, the name a rename copies, whether the deletion's current walk found anything
     * to remove (unknown, so assumed, for a walk taken over half-way), and until when a deletion waits for its
     * final deliveries: any untried, and while one is held under a lease.
     */
    record Walk(Job job, Optional<OrganisationName> name, boolean found, Instant deliveriesBy, Instant heldBy) {

        Walk to(Job next, boolean foundNext) {
            return new Walk(next, name, foundNext, deliveriesBy, heldBy);
        }
    }

    /**
     * How long a deletion taken at once waits for its own event to be tried on its organisation's webhook endpoints
     * (past it only while an untried delivery is held under a lease; one taken over or started late waits a delivery
     * lease longer).
     */
    static final Duration FINAL_DELIVERIES_WAIT = Duration.ofSeconds(15);
    /** The pause between looks at whether they were ({@link Backoff}'s attempt: about 0.6 to 1.3 s). */
    private static final int FINAL_DELIVERIES_PAUSE = 8;
    /**
     * How far back from the deletion's record a delivery still counts as made since (clocks of instances differ),
     * and how long after its record a job may be taken before it counts as taken over.
     */
    private static final Duration CLOCK_MARGIN = Duration.ofSeconds(5);

    /** What the deletions' jobs remove: a deleted organisation's items, deleted services' assignments. */
    record Sweeps(DeletionSweep organisation, ServiceSweep services) {
    }

    /** What a page came to. */
    public sealed interface Step permits Advanced, Finished, Lost {
    }

    /** The page is written; the job is at its next checkpoint, having written {@code items} items. */
    public record Advanced(Walk walk, int items) implements Step {
    }

    /** The job's work is done and recorded so; its last page wrote {@code items} items. */
    public record Finished(int items) implements Step {
    }

    /** The worker no longer holds the job (taken over, superseded, or its organisation gone): it stops. */
    public record Lost() implements Step {
    }

    /**
     * Where {@code job} starts for the worker that just took it. A deletion taken after its record (from a worker
     * that died or let it go, or late for want of a free worker) waits for its final deliveries a whole delivery
     * lease longer from now: an instance that died holding one of them holds it until its lease ends, and only then
     * can another try it. A debt from before jobs (recorded at the epoch) has no final deliveries to wait for.
     */
    Walk start(Job job) {
        Optional<OrganisationName> name = job.kind() == Job.Kind.RENAME
                ? organisations.find(job.tenant()).map(found -> new OrganisationName(found.name(), job.version()))
                : Optional.empty();
        boolean found = job.pass() > 1 && job.after().isPresent();
        if (job.recordedAt().equals(Instant.EPOCH)) {
            return new Walk(job, name, found, Instant.EPOCH, Instant.EPOCH);
        }
        Instant now = clock.instant();
        Instant heldBy = now.plus(deliveryLease).plus(FINAL_DELIVERIES_WAIT);
        Instant deliveriesBy = now.isAfter(job.recordedAt().plus(CLOCK_MARGIN)) ? heldBy
                : job.recordedAt().plus(FINAL_DELIVERIES_WAIT);
        return new Walk(job, name, found, deliveriesBy, heldBy);
    }

    /** Does the next page of the walk's job, holding the job until {@code leaseUntil}. */
    Step next(Walk walk, String worker, Instant leaseUntil) {
        return switch (walk.job().kind()) {
            case RENAME -> renamePage(walk, worker, leaseUntil);
            case DELETE -> deletionPage(walk, worker, leaseUntil);
            case SERVICE_SWEEP -> servicePage(walk, worker, leaseUntil);
        };
    }

    /**
     * One page of the first service the sweep owes; a service with none left is taken off what it owes, and the
     * sweep finishes when it owes nothing (a deletion that owed it another service meanwhile keeps it going).
     */
    private Step servicePage(Walk walk, String worker, Instant leaseUntil) {
        Job job = walk.job();
        List<String> owed = jobs.owedServices(job);
        if (owed.isEmpty()) {
            return jobs.finishSweep(job, worker, clock.instant()) ? new Finished(0)
                    : jobs.owedServices(job).isEmpty() ? new Lost() : new Advanced(walk, 0);
        }
        OptionalInt swept = services.sweep(job, owed.get(0), page -> jobs.advanced(job.advanced(1, Optional.empty(),
                page), worker, leaseUntil));
        if (swept.isEmpty()) {
            return new Lost();
        }
        if (swept.getAsInt() == 0) {
            return jobs.settleService(job, worker, owed.get(0)) ? new Advanced(walk, 0) : new Lost();
        }
        Job next = job.advanced(1, Optional.empty(), swept.getAsInt());
        return new Advanced(walk.to(next, false), swept.getAsInt());
    }

    private Step renamePage(Walk walk, String worker, Instant leaseUntil) {
        Job job = walk.job();
        if (walk.name().isEmpty()) {
            return new Lost();
        }
        DeletionSweep.KeyPage page = copies.keys(job.tenant(), job.after(), RunningJobs.PAGE);
        Job next = job.advanced(1, page.last(), page.keys().size());
        if (!copies.copy(job.tenant(), walk.name().get(), page.keys(), jobs.advanced(next, worker, leaseUntil))) {
            return new Lost();
        }
        if (page.last().isEmpty()) {
            return jobs.finishRename(next, worker, clock.instant()) ? new Finished(page.keys().size()) : new Lost();
        }
        return new Advanced(walk.to(next, false), page.keys().size());
    }

    private Step deletionPage(Walk walk, String worker, Instant leaseUntil) {
        Job job = walk.job();
        if (job.pass() == 1 && job.after().isEmpty() && awaitsFinalDeliveries(walk)) {
            if (!jobs.advance(job, worker, leaseUntil)) {
                return new Lost();
            }
            Backoff.pause(FINAL_DELIVERIES_PAUSE);
            return new Advanced(walk, 0);
        }
        if (job.pass() == 1) {
            DeletionSweep.KeyPage memberships = copies.keys(job.tenant(), job.after(), RunningJobs.PAGE);
            Job next = memberships.last().isPresent() ? job.advanced(1, memberships.last(), memberships.keys().size())
                    : job.advanced(2, Optional.empty(), memberships.keys().size());
            return deleted(memberships, walk.to(next, false), worker, leaseUntil);
        }
        DeletionSweep.KeyPage page = sweep.deletionPage(job.tenant(), job.after(), RunningJobs.PAGE);
        boolean found = walk.found() || !page.keys().isEmpty();
        if (page.last().isEmpty() && !found) {
            return sweep.finishDeletion(job, worker) ? new Finished(0) : new Lost();
        }
        Job next = page.last().isPresent() ? job.advanced(job.pass(), page.last(), page.keys().size())
                : job.advanced(job.pass() + 1, Optional.empty(), page.keys().size());
        return deleted(page, walk.to(next, page.last().isPresent() && found), worker, leaseUntil);
    }

    /**
     * Whether the deletion's own event may still reach the endpoints, and has not been tried on each yet: within the
     * wait, or, past it, while an untried one is held under a lease (its holder may have died) and for the wait
     * after that lease, up to a lease and the wait from the start.
     */
    private boolean awaitsFinalDeliveries(Walk walk) {
        Job job = walk.job();
        Instant now = clock.instant();
        if (!now.isBefore(walk.heldBy())) {
            return false;
        }
        Optional<FinalDeliveries.Untried> untried = deliveries.untried(job.tenant(), job.incarnation(),
                job.recordedAt().minus(CLOCK_MARGIN));
        return untried.isPresent() && (now.isBefore(walk.deliveriesBy()) || untried.get().heldUntil()
                .filter(until -> now.isBefore(until.plus(FINAL_DELIVERIES_WAIT))).isPresent());
    }

    private Step deleted(DeletionSweep.KeyPage page, Walk next, String worker, Instant leaseUntil) {
        outside.forget(next.job().tenant(), next.job().incarnation(), page.keys());
        boolean written = sweep.delete(next.job().tenant(), page.keys(),
                jobs.advanced(next.job(), worker, leaseUntil));
        return written ? new Advanced(next, page.keys().size()) : new Lost();
    }
}
