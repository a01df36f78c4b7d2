package dev.enclave.app.domain.access;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.service.Service;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What deciding access needs, read in one call: the caller's membership, the organisation's status and its group
 * definitions.
 */
public interface AccessReads {

    /**
     * The most other users and services one read takes with the caller's three items: one BatchGetItem holds 100
     * keys.
     */
    int MAX_OTHERS = 97;

    Facts read(TenantId tenant, UserKey user);

    /**
     * The other members' memberships and the services too, in the same call: a permission check about several
     * members, within services.
     */
    Others readWith(TenantId tenant, UserKey user, List<UserKey> others, List<ServiceId> services);

    record Facts(Optional<Membership> membership, Optional<Organisation> organisation, GroupDefinitions definitions) {

        Optional<OrganisationStatus> status() {
            return organisation.map(Organisation::status);
        }
    }

    /** {@link Facts} of the caller, and the memberships and services found among those asked. */
    record Others(Facts facts, Map<UserKey, Membership> memberships, Map<ServiceId, Service> services) {
    }
}
