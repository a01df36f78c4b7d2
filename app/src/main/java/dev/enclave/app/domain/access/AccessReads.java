package dev.enclave.app.domain.access;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.Optional;

/** What deciding access needs, read in one call: the caller's membership and the organisation's status. */
public interface AccessReads {

    Facts read(TenantId tenant, UserKey user);

    record Facts(Optional<Membership> membership, Optional<Organisation> organisation) {

        Optional<OrganisationStatus> status() {
            return organisation.map(Organisation::status);
        }
    }
}
