package dev.enclave.app.domain.organisation;

import java.util.Objects;

/**
 * An organisation's name as a membership carries it for the caller's cross-tenant list, with the organisation
 * version it was read at: a copy is only ever replaced by one read at a later version, so renames that overlap
 * still leave the newest name everywhere.
 */
public record OrganisationName(String name, long version) {

    public OrganisationName {
        Objects.requireNonNull(name, "name");
    }
}
