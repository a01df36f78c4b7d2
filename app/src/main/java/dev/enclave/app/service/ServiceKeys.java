package dev.enclave.app.service;

import dev.enclave.identity.LeadingKeyPrefix;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where services and their group assignments live: a service at {@code SK = SVC#<service>}; an assignment at
 * {@code SK = SVCGROUP#<service>#<group>#MEMBER#<user digest>}, and by member on {@code byTenantCollection}
 * ({@link dev.enclave.app.member.MembershipKeys#assignments}) so removing a member finds their assignments in one Query.
 */
public final class ServiceKeys {

    /** Sort-key prefix of every service. */
    public static final String SERVICE_PREFIX = "SVC#";
    /** Sort-key prefix of every service-group assignment. */
    public static final String ASSIGNMENT_PREFIX = "SVCGROUP#";

    private ServiceKeys() {
    }

    static Map<String, AttributeValue> service(TenantId tenant, String service) {
        return key(tenant, SERVICE_PREFIX + service);
    }

    static Map<String, AttributeValue> assignment(TenantId tenant, String service, String group, UserKey user) {
        return key(tenant, groupPrefix(service, group) + user.digest());
    }

    static String groupPrefix(String service, String group) {
        return ASSIGNMENT_PREFIX + service + "#" + group + "#MEMBER#";
    }

    static String servicePrefix(String service) {
        return ASSIGNMENT_PREFIX + service + "#";
    }


    private static Map<String, AttributeValue> key(TenantId tenant, String sortKey) {
        return Map.of("PK", AttributeValue.fromS(LeadingKeyPrefix.tenant(tenant).value()),
                "SK", AttributeValue.fromS(sortKey));
    }
}
