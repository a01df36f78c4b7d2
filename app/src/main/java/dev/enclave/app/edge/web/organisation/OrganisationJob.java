package dev.enclave.app.edge.web.organisation;

import dev.enclave.app.domain.organisation.Job;

import dev.enclave.app.edge.contract.WireTime;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.Locale;

/**
 * A background job as the API shows it: a rename's copy of the name into every member's own list, or a deletion's
 * removal of every item.
 *
 * @param kind       {@code rename} or {@code delete}
 * @param processed  items written so far (memberships copied into, or items removed)
 * @param recordedAt when the write that started it was made
 */
@Serdeable
@Schema(description = "Work a rename or a deletion goes on with in the background")
public record OrganisationJob(@Schema(allowableValues = {"rename", "delete"}) String kind, long processed,
                      String recordedAt) {

    public static OrganisationJob of(Job job) {
        return new OrganisationJob(job.kind().name().toLowerCase(Locale.ROOT), job.processed(),
                WireTime.of(job.recordedAt()));
    }
}
