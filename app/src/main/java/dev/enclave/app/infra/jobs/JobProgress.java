package dev.enclave.app.infra.jobs;

import dev.enclave.app.domain.organisation.Job;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.infra.store.jobs.Jobs;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.Optional;

/**
 * How far an organisation's background job has got: read only while the organisation item says one is running, so
 * an organisation without one costs no read more.
 */
@Singleton
@Requires(beans = Jobs.class)
public final class JobProgress {

    private final Jobs jobs;

    JobProgress(Jobs jobs) {
        this.jobs = jobs;
    }

    /** The job {@code organisation} (as read) has running, as it stands now. */
    public Optional<Job> of(Organisation organisation) {
        return organisation.pending().flatMap(kind -> jobs.find(organisation.id(), kind));
    }
}
