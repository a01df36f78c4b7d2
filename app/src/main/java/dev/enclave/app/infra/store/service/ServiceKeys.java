package dev.enclave.app.infra.store.service;

import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.domain.service.ServiceId;

import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.Optional;

/**
 * Where services and their group assignments live: a service at {@code SK = SVC#<service>}; an assignment at
 * {@code SK = SVCGROUP#<service>#<group>#MEMBER#<user digest>}, and by member on {@code byTenantCollection}
 * ({@code GSI1PK = TENANT#<org>#MEMBER#<user digest>}, {@link #byMember}) so removing a member finds their
 * assignments in one Query.
 */
final class ServiceKeys {

    /** Sort-key prefix of every service. */
    static final String SERVICE_PREFIX = "SVC#";
    /** Sort-key prefix of every service-group assignment. */
    static final String ASSIGNMENT_PREFIX = "SVCGROUP#";
    /** The segment before the member in an assignment's sort key. */
    static final String MEMBER_SEGMENT = "#MEMBER#";
    private static final String BY_MEMBER_SEGMENT = "MEMBER#";

    private ServiceKeys() {
    }

    static ItemKey service(TenantId tenant, ServiceId service) {
        return ItemKey.inTenant(tenant, SERVICE_PREFIX + service.value());
    }

    /** The service whose item has {@code sortKey}; empty for a sort key of no service. */
    static Optional<ServiceId> serviceOf(String sortKey) {
        return sortKey.startsWith(SERVICE_PREFIX) ? ServiceId.parse(sortKey.substring(SERVICE_PREFIX.length()))
                : Optional.empty();
    }

    static ItemKey assignment(TenantId tenant, ServiceGroup group, UserKey user) {
        return ItemKey.inTenant(tenant, groupPrefix(group) + user.digest());
    }

    /** The byTenantCollection partition holding every service-group assignment of one member. */
    static String byMember(TenantId tenant, UserKey user) {
        return ItemKey.tenantPartition(tenant) + BY_MEMBER_SEGMENT + user.digest();
    }

    /** An assignment's byTenantCollection sort key: its service and group. */
    static String byMemberSort(ServiceGroup group) {
        return servicePrefix(group.service()) + group.group().value();
    }

    static String groupPrefix(ServiceGroup group) {
        return servicePrefix(group.service()) + group.group().value() + MEMBER_SEGMENT;
    }

    static String servicePrefix(ServiceId service) {
        return ASSIGNMENT_PREFIX + service.value() + "#";
    }
}
