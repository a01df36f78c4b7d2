package dev.enclave.app.service;

import dev.enclave.app.member.MembershipKeys;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The item that puts a member in a service group, for workflows that assign (accepting an invitation). */
public final class ServiceAssignments {

    private static final String MEMBER_SEGMENT = "#MEMBER#";

    private ServiceAssignments() {
    }

    public static Map<String, AttributeValue> item(TenantId tenant, String service, String group, UserKey user,
                                                   String userId) {
        Map<String, AttributeValue> item = new HashMap<>(ServiceKeys.assignment(tenant, service, group, user));
        item.put("type", AttributeValue.fromS("service-assignment"));
        item.put("service", AttributeValue.fromS(service));
        item.put("group", AttributeValue.fromS(group));
        item.put("userId", AttributeValue.fromS(userId));
        item.put("GSI1PK", AttributeValue.fromS(MembershipKeys.assignments(tenant, user)));
        item.put("GSI1SK", AttributeValue.fromS(ServiceKeys.servicePrefix(service) + group));
        return item;
    }

    /** The assignment an item records; the service, group and user as its attributes name them. */
    public static Assignment fromItem(Map<String, AttributeValue> item) {
        String sortKey = item.get("SK").s();
        int member = sortKey.lastIndexOf(MEMBER_SEGMENT);
        if (member < 0) {
            throw new IllegalArgumentException("not an assignment's sort key");
        }
        return new Assignment(item.get("service").s(), item.get("group").s(),
                new UserKey(sortKey.substring(member + MEMBER_SEGMENT.length())), item.get("userId").s());
    }

    /**
     * The key of an item found on the member's assignments index entry; fails unless its sort key is an assignment
     * of that member, so nothing else is deleted with the member.
     */
    public static Map<String, AttributeValue> keyOfAssignment(Map<String, AttributeValue> item, UserKey user) {
        String sortKey = item.get("SK").s();
        if (!sortKey.startsWith(ServiceKeys.ASSIGNMENT_PREFIX) || !sortKey.endsWith(MEMBER_SEGMENT + user.digest())) {
            throw new IllegalArgumentException("not an assignment of the member");
        }
        return Map.of("PK", item.get("PK"), "SK", item.get("SK"));
    }

    /** The key of a service, for conditions that it still exists. */
    public static Map<String, AttributeValue> serviceKey(TenantId tenant, String service) {
        return ServiceKeys.service(tenant, service);
    }

    /** A member's place in a service group, as its item records it. */
    public record Assignment(String service, String group, UserKey user, String userId) {

        public Assignment {
            if (!ServiceNames.isName(service) || !ServiceNames.isName(group)) {
                throw new IllegalArgumentException("not a service and group name");
            }
            Objects.requireNonNull(user, "user");
            Objects.requireNonNull(userId, "userId");
        }
    }
}
