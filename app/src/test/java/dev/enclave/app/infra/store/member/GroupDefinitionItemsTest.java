package dev.enclave.app.infra.store.member;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.enclave.app.domain.permission.CustomGroup;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.Permission;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class GroupDefinitionItemsTest {

    private static final TenantId ACME = TenantId.of("acme");

    @Test
    void definitions_roundTrip_throughTheirItem() {
        CustomGroup approvers = new CustomGroup(new GroupName("approvers"), "Approve invoices",
                Set.of(new Permission("invoices:approve"), new Permission("members:read")),
                Instant.parse("2026-11-26T10:00:00Z"), Instant.parse("2026-11-26T11:00:00Z"), 3);
        CustomGroup empty = new CustomGroup(new GroupName("nobody"), "", Set.of(), Instant.EPOCH, Instant.EPOCH, 1);
        GroupDefinitions definitions = new GroupDefinitions(new TreeMap<>(Map.of(approvers.id(), approvers,
                empty.id(), empty)), 7);

        Map<String, AttributeValue> item = GroupDefinitionItems.toItem(ACME, definitions);

        assertThat(GroupDefinitionItems.fromItem(item)).isEqualTo(definitions);
        assertThat(item.get("PK").s()).isEqualTo("TENANT#acme#");
        assertThat(item.get("SK").s()).isEqualTo("GROUPS");
        assertThat(GroupDefinitionItems.fromItem(GroupDefinitionItems.toItem(ACME, GroupDefinitions.NONE)))
                .isEqualTo(GroupDefinitions.NONE);
    }

    @Test
    void aGroupsGrants_areCountedOnItsOwnEntry_andReadFromIt_noneAsZero() {
        GroupName approvers = new GroupName("approvers");
        Map<String, AttributeValue> item = Map.of("groups", AttributeValue.fromM(Map.of(
                "approvers", AttributeValue.fromM(Map.of("grants", AttributeValue.fromN("4"))),
                "auditors", AttributeValue.fromM(Map.of()))));

        assertThat(GroupDefinitionItems.grants(item, approvers)).isEqualTo(4);
        assertThat(GroupDefinitionItems.grants(item, new GroupName("auditors"))).isZero();
        assertThat(GroupDefinitionItems.grants(Map.of(), approvers)).isZero();
        assertThat(GroupDefinitionItems.counting(Set.of(approvers, new GroupName("auditors"))).text())
                .isEqualTo("SET #gdGroups.#gdGroup0.#gdGrants = if_not_exists(#gdGroups.#gdGroup0.#gdGrants, :gdZero)"
                        + " + :gdOne, #gdGroups.#gdGroup1.#gdGrants = if_not_exists(#gdGroups.#gdGroup1.#gdGrants,"
                        + " :gdZero) + :gdOne");
        assertThat(GroupDefinitionItems.asRead(7, approvers, 0).text()).contains(
                "attribute_not_exists(#groups.#group.#grants)");
        assertThat(GroupDefinitionItems.asRead(7, approvers, 4).values()).containsEntry(":grants",
                AttributeValue.fromN("4"));
    }

    @Test
    void anItemWithoutGroups_orWithABadPermission_isRefused() {
        assertThatThrownBy(() -> GroupDefinitionItems.fromItem(Map.of("version", AttributeValue.fromN("1"))))
                .isInstanceOf(IllegalArgumentException.class);
        Map<String, AttributeValue> bad = Map.of("version", AttributeValue.fromN("1"), "groups", AttributeValue.fromM(
                Map.of("x", AttributeValue.fromM(Map.of("description", AttributeValue.fromS(""), "permissions",
                        AttributeValue.fromL(java.util.List.of(AttributeValue.fromS("NOT A PERMISSION"))),
                        "createdAt", AttributeValue.fromS("1970-01-01T00:00:00Z"), "updatedAt",
                        AttributeValue.fromS("1970-01-01T00:00:00Z"), "version", AttributeValue.fromN("1"))))));
        assertThatThrownBy(() -> GroupDefinitionItems.fromItem(bad)).isInstanceOf(IllegalArgumentException.class);
    }
}
