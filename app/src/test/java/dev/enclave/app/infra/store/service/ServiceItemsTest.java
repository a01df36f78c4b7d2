package dev.enclave.app.infra.store.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.Permission;
import dev.enclave.app.domain.permission.ServiceGroupPermissions;
import dev.enclave.app.domain.service.Service;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.app.infra.store.service.ServiceReads.Assignment;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Services and assignments read and write exactly the items Enclave has always stored. */
class ServiceItemsTest {

    private static final TenantId ACME = TenantId.of("acme");
    private static final UserKey BOB = UserKey.of("iss", "bob");
    private static final ServiceId BILLING = new ServiceId("billing");
    private static final ServiceGroup BILLING_VIEWERS = new ServiceGroup(BILLING, new GroupName("viewers"));

    @Test
    void aService_isTheStoredItem_andReadsBack() {
        Map<String, AttributeValue> stored = Map.of("PK", s("TENANT#acme#"), "SK", s("SVC#billing"),
                "type", s("service"), "id", s("billing"), "name", s("Billing"), "version", AttributeValue.fromN("1"));

        Map<String, AttributeValue> created = ServiceItems.written(ACME, Service.created(BILLING, "Billing"));
        Map<String, AttributeValue> withoutGeneration = new java.util.HashMap<>(created);
        withoutGeneration.remove("generation");

        assertThat(withoutGeneration).isEqualTo(stored);
        assertThat(ServiceItems.fromItem(stored)).isEqualTo(new Service(BILLING, "Billing", 1));
        assertThat(ServiceItems.generation(stored)).as("a service stored before generations").isEmpty();
        assertThat(ServiceItems.generation(created)).isNotEmpty()
                .isNotEqualTo(ServiceItems.generation(ServiceItems.written(ACME, Service.created(BILLING, "Billing"))));
    }

    @Test
    void anAssignment_isTheStoredItem_onItsMembersIndexEntry_andReadsBack() {
        Map<String, AttributeValue> stored = Map.of("PK", s("TENANT#acme#"),
                "SK", s("SVCGROUP#billing#viewers#MEMBER#" + BOB.digest()), "type", s("service-assignment"),
                "service", s("billing"), "group", s("viewers"), "userId", s("bob"),
                "GSI1PK", s("TENANT#acme#MEMBER#" + BOB.digest()), "GSI1SK", s("SVCGROUP#billing#viewers"));

        assertThat(AssignmentItems.item(ACME, BILLING_VIEWERS, BOB, "bob")).isEqualTo(stored);
        assertThat(AssignmentItems.fromItem(stored)).isEqualTo(new Assignment(BILLING_VIEWERS, BOB, "bob"));
        assertThat(AssignmentItems.keyOfAssignment(stored, BOB))
                .isEqualTo(ServiceKeys.assignment(ACME, BILLING_VIEWERS, BOB));
    }

    @Test
    void whatAServicesGroupsCarry_isAMapOfStringSets_andReadsBack() {
        ServiceGroupPermissions carried = ServiceGroupPermissions.NONE.with(new GroupName("approvers"),
                Set.of(new Permission("invoices:approve"), new Permission("invoices:read")));
        Service service = new Service(BILLING, "Billing", 3, carried);
        AttributeValue stored = AttributeValue.fromM(Map.of("approvers",
                AttributeValue.fromSs(List.of("invoices:approve", "invoices:read"))));

        Map<String, AttributeValue> item = ServiceItems.written(ACME, service);

        assertThat(item.get("groups")).isEqualTo(stored);
        assertThat(ServiceItems.fromItem(item)).isEqualTo(service);
        assertThat(ServiceItems.written(ACME, new Service(BILLING, "Billing", 3))).as("none carried: no attribute")
                .doesNotContainKey("groups");
        assertThat(ServiceItems.groupsChanged(carried).values()).containsEntry(":groups", stored);
    }

    @Test
    void aServiceWhoseIdIsNoServiceId_isRefused() {
        Map<String, AttributeValue> stored = Map.of("PK", s("TENANT#acme#"), "SK", s("SVC#Billing"),
                "type", s("service"), "id", s("Billing"), "name", s("Billing"), "version", AttributeValue.fromN("1"));

        assertThatThrownBy(() -> ServiceItems.fromItem(stored)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anAssignmentWhoseGroupIsNoGroupName_isRefused() {
        Map<String, AttributeValue> stored = Map.of("PK", s("TENANT#acme#"),
                "SK", s("SVCGROUP#billing#Viewers#MEMBER#" + BOB.digest()), "type", s("service-assignment"),
                "service", s("billing"), "group", s("Viewers"), "userId", s("bob"));

        assertThatThrownBy(() -> AssignmentItems.fromItem(stored)).isInstanceOf(IllegalArgumentException.class);
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }
}
