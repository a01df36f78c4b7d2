package dev.enclave.app.edge.web.organisation;

import dev.enclave.app.domain.organisation.Job;
import dev.enclave.app.domain.organisation.Organisation;

import dev.enclave.app.edge.contract.WireTime;
import dev.enclave.app.edge.http.ETag;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Optional;

/**
 * An organisation as the API shows it.
 *
 * @param jobs the work the organisation goes on with in the background, while it runs: a rename's copy of the new
 *             name into every member's own list; empty when none runs
 */
@Serdeable
@Schema(name = "Organisation")
public record OrganisationView(String id, String name, int seats, int members, String status, String createdAt,
                               long version, List<OrganisationJob> jobs) {

    public OrganisationView {
        jobs = List.copyOf(jobs);
    }

    /** The organisation, with no job shown. */
    public static OrganisationView of(Organisation organisation) {
        return of(organisation, Optional.empty());
    }

    /** The organisation with the job it has running, if any. */
    public static OrganisationView of(Organisation organisation, Optional<Job> job) {
        return new OrganisationView(organisation.id().value(), organisation.name(), organisation.seats(),
                organisation.members(), organisation.status().name().toLowerCase(java.util.Locale.ROOT),
                WireTime.of(organisation.createdAt()), organisation.version(),
                job.map(OrganisationJob::of).stream().toList());
    }

    /** The organisation's entity tag. */
    public static ETag etag(Organisation organisation) {
        return new ETag(organisation.incarnation(), organisation.version());
    }
}
