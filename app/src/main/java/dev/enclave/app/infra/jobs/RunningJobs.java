package dev.enclave.app.infra.jobs;

import dev.enclave.app.domain.organisation.Job;
import dev.enclave.app.domain.organisation.Organisations;
import dev.enclave.app.domain.organisation.OwedWork;
import dev.enclave.app.domain.outcome.Backoff;
import dev.enclave.app.infra.store.jobs.DeletionSweep;
import dev.enclave.app.infra.store.jobs.FinalDeliveries;
import dev.enclave.app.infra.store.jobs.Jobs;
import dev.enclave.app.infra.store.jobs.NameCopies;
import dev.enclave.app.infra.store.jobs.OutsideEntries;
import dev.enclave.app.infra.store.jobs.ServiceSweep;
import dev.enclave.app.infra.webhook.WebhookSettings;
import dev.enclave.identity.TenantId;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Requires;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the organisations' background jobs, on any number of instances at once without running one job twice: a job
 * is taken with a conditional write and a lease, each page of its work is one transaction with its checkpoint that
 * only the lease holder can write (so a worker that lost its lease changes nothing more, and nobody walks a finished
 * page again), and a job whose worker died is taken over from its checkpoint once the lease ends. The instance that
 * recorded a job starts it at once when it has a worker free; every instance polls the due-work index for the rest.
 * Each job writes at the rate {@link JobSettings} allows, and backs off and tries a page again on faults
 * (throttling included) until it has failed {@value #ATTEMPTS} times in a row; then it lets the job go. A job that
 * ran for its turn, after a page it wrote (not while a deletion waits for its final deliveries, which a new start
 * would wait for anew), takes the job that waited longest, if one can be taken, lets its own go (due again from
 * then, for the next free worker or the next turn's end) and runs the one it took in its slot: one organisation's
 * big job does not hold up every other's.
 */
@Singleton
@Requires(beans = {Jobs.class, Organisations.class, DeletionSweep.class, NameCopies.class, OutsideEntries.class,
        FinalDeliveries.class})
public final class RunningJobs implements OwedWork {

    /** Items per page: one transaction holds them and the job's checkpoint. */
    static final int PAGE = 99;
    private static final int POLL_BATCH = 25;
    private static final int ATTEMPTS = 8;
    /** Index entries a job looks at when its turn ends, for one that waits. */
    private static final int WAITING_LOOKED_AT = 3;
    private static final Logger LOG = LoggerFactory.getLogger(RunningJobs.class);

    private final Jobs jobs;
    private final JobSteps steps;
    private final JobSettings settings;
    private final Clock clock;
    private final MeterRegistry meters;
    private final String worker = "enclave-" + UUID.randomUUID();
    private final Semaphore slots;
    private final ExecutorService executor;
    private volatile boolean stopping;

    RunningJobs(Jobs jobs, Organisations organisations, DeletionSweep sweep, NameCopies copies, OutsideEntries outside,
                ServiceSweep services, FinalDeliveries deliveries, JobSettings settings,
                WebhookSettings webhooks, Clock clock, MeterRegistry meters) {
        this.jobs = jobs;
        this.steps = new JobSteps(jobs, organisations, new JobSteps.Sweeps(sweep, services), copies, outside,
                deliveries, webhooks.getLease(), clock);
        this.settings = settings;
        this.clock = clock;
        this.meters = meters;
        this.slots = new Semaphore(settings.getConcurrency());
        AtomicInteger threads = new AtomicInteger();
        this.executor = Executors.newFixedThreadPool(settings.getConcurrency(), work -> {
            Thread thread = new Thread(work, "enclave-job-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    /** The job a request just recorded: run here at once if a worker is free, else the next poll anywhere takes it. */
    @Override
    public void recorded(TenantId tenant, Job.Kind kind) {
        tryToRun(new Jobs.Due(tenant, kind));
    }

    /** Takes the jobs nobody holds, as many as this instance has workers free; returns how many it started. */
    @Scheduled(fixedDelay = "${enclave.jobs.poll-interval:5s}", initialDelay = "${enclave.jobs.first-poll:1s}")
    public int poll() {
        int started = 0;
        try {
            for (Jobs.Due due : jobs.due(clock.instant(), POLL_BATCH)) {
                if (slots.availablePermits() == 0) {
                    break;
                }
                started += tryToRun(due) ? 1 : 0;
            }
        } catch (RuntimeException fault) {
            LOG.warn("job poll stopped; the next poll goes on: {}", fault.toString());
        }
        return started;
    }

    /** Stops taking jobs; the running ones let theirs go after their current page, for another instance. */
    @PreDestroy
    void stop() throws InterruptedException {
        stopping = true;
        executor.shutdown();
        if (!executor.awaitTermination(settings.getLease().toMillis(), TimeUnit.MILLISECONDS)) {
            executor.shutdownNow();
        }
    }

    private boolean tryToRun(Jobs.Due due) {
        if (stopping || !slots.tryAcquire()) {
            return false;
        }
        try {
            String holder = worker + "/" + UUID.randomUUID();
            Optional<Job> taken = jobs.take(due.tenant(), due.kind(), holder, clock.instant(), settings.getLease());
            if (taken.isPresent()) {
                return started(taken.get(), holder);
            }
        } catch (RuntimeException fault) {
            LOG.warn("job not taken tenant={} kind={}: {}", due.tenant().value(), due.kind(), fault.toString());
        }
        slots.release();
        return false;
    }

    /** Runs a job just taken on a worker; one taken as the instance stops is let go at once, not left held. */
    private boolean started(Job job, String holder) {
        try {
            executor.execute(() -> runThenFree(job, holder));
            return true;
        } catch (RejectedExecutionException stopped) {
            letGo(job, holder);
            slots.release();
            return false;
        }
    }

    /** A job taken, and the holder it was taken as. */
    private record Taken(Job job, String holder) {
    }

    /**
     * Runs the job, then each job it handed its turn to, in this worker's slot; then frees the slot, and after a
     * hand-over looks for work at once, so the job that gave its turn away goes on without waiting for the poll.
     */
    private void runThenFree(Job job, String holder) {
        boolean handedOver = false;
        try {
            Optional<Taken> next = runOne(new Taken(job, holder));
            while (next.isPresent()) {
                handedOver = true;
                next = runOne(next.get());
            }
        } finally {
            slots.release();
        }
        if (handedOver) {
            poll();
        }
    }

    private Optional<Taken> runOne(Taken taken) {
        try {
            return run(taken.job(), taken.holder());
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            letGo(taken.job(), taken.holder());
        } catch (RuntimeException fault) {
            LOG.warn("job not started tenant={} kind={}: {}", taken.job().tenant().value(), taken.job().kind(),
                    fault.toString());
            letGo(taken.job(), taken.holder());
        }
        return Optional.empty();
    }

    /**
     * Runs the job as {@code holder}: this instance's name and this take's own, so no other run passes its fence.
     * At the end of its turn it takes a job that waits, if one is there to take, lets its own go, and answers the
     * one it took, to run next in this slot.
     */
    private Optional<Taken> run(Job job, String holder) throws InterruptedException {
        LOG.info("job started tenant={} kind={} pass={} processed={}", job.tenant().value(), job.kind(), job.pass(),
                job.processed());
        Pace pace = new Pace(settings.getWriteUnitsPerSecond());
        JobSteps.Walk walk = steps.start(job);
        int failures = 0;
        Instant turnEnds = clock.instant().plus(settings.getTurn());
        while (!stopping) {
            try {
                JobSteps.Step step = steps.next(walk, holder, clock.instant().plus(settings.getLease()));
                failures = 0;
                if (!(step instanceof JobSteps.Advanced advanced)) {
                    if (step instanceof JobSteps.Finished last) {
                        counted(job.kind(), last.items());
                    }
                    finished(walk.job(), step);
                    return Optional.empty();
                }
                counted(job.kind(), advanced.items());
                walk = advanced.walk();
                pace.spent(Pace.unitsOf(advanced.items() + 1));
                if (advanced.items() > 0 && clock.instant().isAfter(turnEnds)) {
                    Optional<Taken> waiting = takeOneWaiting(job);
                    if (waiting.isPresent()) {
                        LOG.info("job lets its turn go to a job that waits tenant={} kind={} processed={} next={}",
                                job.tenant().value(), job.kind(), walk.job().processed(),
                                waiting.get().job().tenant().value());
                        letGo(walk.job(), holder);
                        return waiting;
                    }
                    turnEnds = clock.instant().plus(settings.getTurn());
                }
            } catch (RuntimeException fault) {
                if (++failures >= ATTEMPTS) {
                    LOG.warn("job let go after {} failed pages tenant={} kind={}: {}", failures,
                            job.tenant().value(), job.kind(), fault.toString());
                    letGo(walk.job(), holder);
                    return Optional.empty();
                }
                Backoff.pause(failures + 4);
            }
        }
        letGo(walk.job(), holder);
        return Optional.empty();
    }

    /**
     * A job other than {@code running} that is due, taken: the one that waited longest of those the index shows
     * that can be taken (an entry the index still shows for a job another worker took just now cannot be), or none.
     */
    private Optional<Taken> takeOneWaiting(Job running) {
        try {
            for (Jobs.Due due : jobs.due(clock.instant(), WAITING_LOOKED_AT)) {
                if (due.tenant().equals(running.tenant()) && due.kind() == running.kind()) {
                    continue;
                }
                String holder = worker + "/" + UUID.randomUUID();
                Optional<Job> taken = jobs.take(due.tenant(), due.kind(), holder, clock.instant(),
                        settings.getLease());
                if (taken.isPresent()) {
                    return Optional.of(new Taken(taken.get(), holder));
                }
            }
        } catch (RuntimeException fault) {
            LOG.warn("no job taken at the end of a turn; this one goes on: {}", fault.toString());
        }
        return Optional.empty();
    }

    private void finished(Job job, JobSteps.Step step) {
        long processed = job.processed() + (step instanceof JobSteps.Finished last ? last.items() : 0);
        LOG.info("job {} tenant={} kind={} processed={}", step instanceof JobSteps.Finished ? "finished" : "lost",
                job.tenant().value(), job.kind(), processed);
        meters.counter("enclave.jobs.ended", "kind", job.kind().name().toLowerCase(java.util.Locale.ROOT),
                "outcome", step instanceof JobSteps.Finished ? "finished" : "lost").increment();
    }

    private void counted(Job.Kind kind, int items) {
        meters.counter("enclave.jobs.items", "kind", kind.name().toLowerCase(java.util.Locale.ROOT))
                .increment(items);
    }

    private void letGo(Job job, String holder) {
        try {
            jobs.release(job, holder, clock.instant());
        } catch (RuntimeException fault) {
            LOG.warn("job not let go; its lease ends by itself tenant={} kind={}: {}", job.tenant().value(),
                    job.kind(), fault.toString());
        }
    }
}
