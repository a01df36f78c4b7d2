package dev.enclave.app.infra.store.service;

import dev.enclave.app.domain.member.GroupName;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.ItemBuilder;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.Write;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.table.TableDesign;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The item that puts a member in a service group, for workflows that assign (accepting an invitation). */
public final class AssignmentItems {

    private static final String SERVICE = "service";
    private static final String GROUP = "group";
    private static final String USER_ID = "userId";

    private AssignmentItems() {
    }

    /** The item putting {@code user} in the service group {@code group}. */
    public static Map<String, AttributeValue> item(TenantId tenant, ServiceGroup group, UserKey user,
                                                   String userId) {
        return ItemBuilder.at(ServiceKeys.assignment(tenant, group, user))
                .string("type", "service-assignment").string(SERVICE, group.service().value())
                .string(GROUP, group.group().value())
                .string(USER_ID, userId)
                .string(TableDesign.BY_TENANT_COLLECTION.partitionKey(), ServiceKeys.byMember(tenant, user))
                .string(TableDesign.BY_TENANT_COLLECTION.sortKey(), ServiceKeys.byMemberSort(group))
                .build();
    }

    /** The assignment an item records; the service, group and user as its attributes name them. */
    public static Assignment fromItem(Map<String, AttributeValue> item) {
        String sortKey = ItemAttributes.sortKey(item);
        int member = sortKey.lastIndexOf(ServiceKeys.MEMBER_SEGMENT);
        if (member < 0) {
            throw new IllegalArgumentException("not an assignment's sort key");
        }
        return new Assignment(new ServiceGroup(new ServiceId(ItemAttributes.string(item, SERVICE)),
                new GroupName(ItemAttributes.string(item, GROUP))),
                new UserKey(sortKey.substring(member + ServiceKeys.MEMBER_SEGMENT.length())),
                ItemAttributes.string(item, USER_ID));
    }

    /** The member an assignment item names ({@code userId}). */
    static String userId(Map<String, AttributeValue> item) {
        return ItemAttributes.string(item, USER_ID);
    }

    /**
     * The key of an item found on the member's assignments index entry; fails unless its sort key is an assignment
     * of that member, so nothing else is deleted with the member.
     */
    public static ItemKey keyOfAssignment(Map<String, AttributeValue> item, UserKey user) {
        String sortKey = ItemAttributes.sortKey(item);
        if (!sortKey.startsWith(ServiceKeys.ASSIGNMENT_PREFIX)
                || !sortKey.endsWith(ServiceKeys.MEMBER_SEGMENT + user.digest())) {
            throw new IllegalArgumentException("not an assignment of the member");
        }
        return ItemKey.of(item);
    }

    /** The name an assignment is recorded under on its membership ({@code MemberDependents}). */
    public static String recorded(ServiceGroup group) {
        return DynamoDbMemberAssignments.recorded(group);
    }

    /**
     * The write, for a transaction that makes {@code count} assignments to {@code service}'s groups, that counts
     * them on the service (which must exist, of {@code generation} when one is given), so a deletion of the service
     * racing them reads again.
     */
    public static Write assignedTo(TenantId tenant, ServiceId service, long count,
                                   java.util.Optional<String> generation) {
        return new Write.Update(ServiceKeys.service(tenant, service), ServiceItems.assigned(count),
                java.util.Optional.of(ServiceItems.ofGeneration(generation)));
    }

    /** The key of a service, for conditions that it still exists. */
    public static ItemKey serviceKey(TenantId tenant, ServiceId service) {
        return ServiceKeys.service(tenant, service);
    }

    /** A member's place in a service group, as its item records it. */
    public record Assignment(ServiceGroup group, UserKey user, String userId) {

        public Assignment {
            Objects.requireNonNull(group, "group");
            Objects.requireNonNull(user, "user");
            Objects.requireNonNull(userId, "userId");
        }
    }
}
