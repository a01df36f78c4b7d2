package dev.enclave.app.domain.organisation;


import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * Deletes an organisation: one transaction marks it deleting (from then on it answers as gone, and nothing can be
 * added to it) and records the removal of its items as a job, which runs in the background ({@link OwedWork}).
 * The answer comes at once, whatever the size; the id is free again once the job has removed the organisation item,
 * last. Deleting again while the job runs is answered as the first deletion was.
 */
@Singleton
public final class DeletingOrganisation {

    private final Organisations organisations;
    private final OwedWork jobs;
    private final Clock clock;

    DeletingOrganisation(Organisations organisations, OwedWork jobs, Clock clock) {
        this.organisations = organisations;
        this.jobs = jobs;
        this.clock = clock;
    }

    /** Marks {@code read} (the organisation as the request read it) for deletion and starts its job. */
    public Organisations.Deletion delete(Organisation read) {
        Organisations.Deletion deletion = organisations.markDeleting(read, clock.instant());
        if (deletion == Organisations.Deletion.MARKED) {
            jobs.recorded(read.id(), Job.Kind.DELETE);
        }
        return deletion;
    }
}
