package dev.enclave.app.organisation;

import dev.enclave.app.contract.WireTime;
import dev.enclave.app.platform.ETag;
import io.micronaut.serde.annotation.Serdeable;
import io.swagger.v3.oas.annotations.media.Schema;

/** An organisation as the API shows it. */
@Serdeable
@Schema(name = "Organisation")
public record OrganisationView(String id, String name, int seats, int members, String status, String createdAt,
                        long version) {

    public static OrganisationView of(Organisation organisation) {
        return new OrganisationView(organisation.id().value(), organisation.name(), organisation.seats(),
                organisation.members(), organisation.status().name().toLowerCase(java.util.Locale.ROOT),
                WireTime.of(organisation.createdAt()),
                organisation.version());
    }

    /** The organisation's entity tag. */
    public static ETag etag(Organisation organisation) {
        return new ETag(organisation.version());
    }
}
