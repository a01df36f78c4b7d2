package dev.enclave.app.infra.store.service;

import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.app.infra.store.ItemBuilder;
import dev.enclave.app.infra.store.ItemKey;
import dev.enclave.app.infra.store.service.ServiceReads.Assignment;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import dev.enclave.table.TableDesign;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The item that puts a member in a service group, for workflows that assign (accepting an invitation). */
final class AssignmentItems {

    private static final String SERVICE = "service";
    private static final String GROUP = "group";
    private static final String USER_ID = "userId";

    private AssignmentItems() {
    }

    /** The item putting {@code user} in the service group {@code group}. */
    static Map<String, AttributeValue> item(TenantId tenant, ServiceGroup group, UserKey user, String userId) {
        return ItemBuilder.at(ServiceKeys.assignment(tenant, group, user))
                .string("type", "service-assignment").string(SERVICE, group.service().value())
                .string(GROUP, group.group().value())
                .string(USER_ID, userId)
                .string(TableDesign.BY_TENANT_COLLECTION.partitionKey(), ServiceKeys.byMember(tenant, user))
                .string(TableDesign.BY_TENANT_COLLECTION.sortKey(), ServiceKeys.byMemberSort(group))
                .build();
    }

    /** The assignment an item records; the service, group and user as its attributes name them. */
    static Assignment fromItem(Map<String, AttributeValue> item) {
        String sortKey = ItemAttributes.sortKey(item);
        int member = sortKey.lastIndexOf(ServiceKeys.MEMBER_SEGMENT);
        if (member < 0) {
            throw new IllegalArgumentException("not an assignment's sort key");
        }
        Assignment assignment = new Assignment(new ServiceGroup(new ServiceId(ItemAttributes.string(item, SERVICE)),
                new GroupName(ItemAttributes.string(item, GROUP))),
                new UserKey(sortKey.substring(member + ServiceKeys.MEMBER_SEGMENT.length())),
                ItemAttributes.string(item, USER_ID));
        if (!sortKey.equals(ServiceKeys.groupPrefix(assignment.group()) + assignment.user().digest())) {
            throw new IllegalArgumentException("an assignment whose attributes name another key than its own");
        }
        return assignment;
    }

    /** The member an assignment item names ({@code userId}). */
    static String userId(Map<String, AttributeValue> item) {
        return ItemAttributes.string(item, USER_ID);
    }

    /**
     * The key of an item found on the member's assignments index entry; fails unless its sort key is an assignment
     * of that member, so nothing else is deleted with the member.
     */
    static ItemKey keyOfAssignment(Map<String, AttributeValue> item, UserKey user) {
        String sortKey = ItemAttributes.sortKey(item);
        if (!sortKey.startsWith(ServiceKeys.ASSIGNMENT_PREFIX)
                || !sortKey.endsWith(ServiceKeys.MEMBER_SEGMENT + user.digest())) {
            throw new IllegalArgumentException("not an assignment of the member");
        }
        return ItemKey.of(item);
    }

}
