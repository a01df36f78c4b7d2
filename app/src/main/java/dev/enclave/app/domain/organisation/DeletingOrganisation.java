package dev.enclave.app.domain.organisation;


import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import jakarta.inject.Singleton;
import java.time.Clock;

/**
 * Deletes an organisation: one transaction marks it deleting (from then on it answers as gone, and nothing can be
 * added to it) and records the removal of its items as a job, which runs in the background ({@link OwedWork}).
 * The answer comes at once, whatever the size; the id is free again once the job has removed the organisation item,
 * last. Deleting again while the job runs is answered as the first deletion was.
 */
@Singleton
public record DeletingOrganisation(Organisations organisations, OwedWork jobs, Clock clock) {

    /** Deletes {@code organisation}, as the request read it. */
    public record Delete(Organisation organisation) {
    }

    /** Marks the organisation for deletion and starts its job; deleting it again is done already. */
    public Outcome<Void> delete(Delete command) {
        Organisation read = command.organisation();
        return switch (organisations.markDeleting(read, clock.instant())) {
            case MARKED -> {
                jobs.recorded(read.id(), Job.Kind.DELETE);
                yield Outcome.done();
            }
            case ALREADY_DELETING -> Outcome.done();
            case NOT_FOUND -> Outcome.refused(Reason.ORGANISATION_NOT_FOUND,
                    "No organisation of that id has you as a member.");
        };
    }
}
