package dev.enclave.app.domain.permission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** What groups give: the built-in sets, custom definitions, labels nobody defined, and owners' everything. */
class GroupDefinitionsTest {

    private static final Permission APPROVE = new Permission("invoices:approve");
    private static final GroupName APPROVERS = new GroupName("approvers");
    private static final GroupName BILLING = new GroupName("billing");
    private static final GroupDefinitions DEFINED = new GroupDefinitions(new TreeMap<>(Map.of(APPROVERS,
            new CustomGroup(APPROVERS, "", Set.of(APPROVE, SystemPermissions.INVITATIONS_MANAGE), Instant.EPOCH,
                    Instant.EPOCH, 1))), 1);

    @Test
    void theBuiltInGroups_keepTodaysRights() {
        assertThat(SystemPermissions.ofBuiltIn(GroupName.MEMBER).orElseThrow()).containsExactlyInAnyOrder(
                SystemPermissions.ORG_READ, SystemPermissions.MEMBERS_READ, SystemPermissions.SERVICES_READ);
        assertThat(SystemPermissions.ofBuiltIn(GroupName.ADMIN).orElseThrow())
                .doesNotContain(SystemPermissions.ORG_DELETE, SystemPermissions.GROUPS_MANAGE)
                .hasSize(SystemPermissions.ALL.size() - 2);
        assertThat(SystemPermissions.ofBuiltIn(GroupName.OWNER).orElseThrow())
                .containsExactlyInAnyOrderElementsOf(SystemPermissions.ALL);
    }

    @Test
    void aMember_holdsWhatTheirGroupsGive_eachWithItsSources() {
        EffectivePermissions held = DEFINED.effective(Set.of(GroupName.MEMBER, APPROVERS, BILLING));

        assertThat(held.holds(APPROVE)).isTrue();
        assertThat(held.holds(SystemPermissions.MEMBERS_MANAGE)).isFalse();
        assertThat(held.sourcesOf(APPROVE)).containsExactly(APPROVERS);
        assertThat(held.sourcesOf(SystemPermissions.ORG_READ)).containsExactly(GroupName.MEMBER);
        assertThat(held.sources().keySet()).as("billing, a label, gives nothing").containsExactlyInAnyOrder(
                APPROVE, SystemPermissions.INVITATIONS_MANAGE, SystemPermissions.ORG_READ,
                SystemPermissions.MEMBERS_READ, SystemPermissions.SERVICES_READ);
    }

    @Test
    void everyMember_holdsTheMemberGroupsPermissions_evenWhereTheirMembershipDoesNotListIt() {
        EffectivePermissions held = DEFINED.effective(Set.of(APPROVERS));

        assertThat(held.holds(SystemPermissions.ORG_READ)).isTrue();
        assertThat(held.sourcesOf(SystemPermissions.ORG_READ)).containsExactly(GroupName.MEMBER);
    }

    @Test
    void anOwner_holdsEveryPermission_theOrganisationsOwnToo() {
        EffectivePermissions owner = DEFINED.effective(Set.of(GroupName.OWNER, GroupName.MEMBER));

        assertThat(owner.everything()).isTrue();
        assertThat(owner.holds(new Permission("reports:export"))).isTrue();
        assertThat(owner.sourcesOf(APPROVE)).containsExactly(GroupName.OWNER);
        assertThat(owner.sources()).containsKey(APPROVE);
    }

    @Test
    void holds_answersAsTheEffectivePermissionsDo_forEveryGroupAndPermission() {
        List<GroupName> groups = List.of(GroupName.OWNER, GroupName.ADMIN, GroupName.MEMBER, APPROVERS, BILLING);
        List<Permission> asked = new ArrayList<>(SystemPermissions.ALL);
        asked.addAll(List.of(APPROVE, new Permission("reports:export")));
        for (int subset = 0; subset < 1 << groups.size(); subset++) {
            Set<GroupName> held = new HashSet<>();
            for (int i = 0; i < groups.size(); i++) {
                if ((subset & 1 << i) != 0) {
                    held.add(groups.get(i));
                }
            }
            EffectivePermissions effective = DEFINED.effective(held);
            for (Permission permission : asked) {
                assertThat(DEFINED.holds(held, permission)).as("%s holding %s", permission, held)
                        .isEqualTo(effective.holds(permission));
            }
        }
    }

    @Test
    void givingAGroup_needsWhatItCarries() {
        Holding admin = new Holding(Set.of(GroupName.ADMIN, GroupName.MEMBER), DEFINED);
        Holding approver = new Holding(Set.of(APPROVERS, GroupName.MEMBER), DEFINED);

        assertThat(admin.whyNotGive(APPROVERS)).as("invoices:approve").isPresent();
        assertThat(admin.whyNotGive(BILLING)).isEmpty();
        assertThat(admin.whyNotGive(GroupName.ADMIN)).isEmpty();
        assertThat(admin.whyNotGive(GroupName.OWNER)).isPresent();
        assertThat(approver.whyNotGive(GroupName.ADMIN)).isPresent();
        assertThat(approver.authorityFor(SystemPermissions.INVITATIONS_MANAGE))
                .isEqualTo(new Authority(Set.of(APPROVERS), 1));
        assertThat(approver.authorityFor(SystemPermissions.INVITATIONS_MANAGE).onCustomGroups()).isTrue();
        assertThat(admin.authorityFor(SystemPermissions.MEMBERS_MANAGE).onCustomGroups()).isFalse();
    }

    @Test
    void givingAGroup_isWrittenOnTheGroupsWhatItCarriesCameFrom_andTheDefinitionsAsRead() {
        Holding both = new Holding(Set.of(GroupName.ADMIN, APPROVERS), DEFINED);

        Authority givingApprovers = both.authorityToGive(SystemPermissions.MEMBERS_MANAGE, Set.of(APPROVERS));
        Authority givingBilling = both.authorityToGive(SystemPermissions.MEMBERS_MANAGE, Set.of(BILLING));

        assertThat(givingApprovers.groups()).containsExactly(GroupName.ADMIN);
        assertThat(givingApprovers.kept()).as("where invoices:approve and invitations:manage came from")
                .containsExactlyInAnyOrder(APPROVERS, GroupName.ADMIN);
        assertThat(givingApprovers.onCustomGroups()).isTrue();
        assertThat(givingApprovers.heldBy(Set.of(GroupName.ADMIN, APPROVERS))).isTrue();
        assertThat(givingApprovers.heldBy(Set.of(GroupName.ADMIN))).as("approvers taken meanwhile").isFalse();
        assertThat(givingBilling.kept()).as("billing carries nothing").isEmpty();
        assertThat(givingBilling.onCustomGroups()).as("what billing carries may change meanwhile").isTrue();
        assertThat(givingBilling.heldBy(Set.of(GroupName.ADMIN))).isTrue();
        assertThat(new Holding(Set.of(GroupName.ADMIN), DEFINED).authorityToGive(SystemPermissions.MEMBERS_MANAGE,
                Set.of(GroupName.ADMIN)).onCustomGroups()).as("a built-in group given, on built-in groups").isFalse();
        GroupName readers = new GroupName("readers");
        GroupDefinitions withReaders = new GroupDefinitions(new TreeMap<>(Map.of(readers, new CustomGroup(readers, "",
                Set.of(SystemPermissions.ORG_READ), Instant.EPOCH, Instant.EPOCH, 1))), 1);
        assertThat(new Holding(Set.of(GroupName.ADMIN, GroupName.MEMBER, readers), withReaders)
                .authorityToGive(SystemPermissions.MEMBERS_MANAGE, Set.of(GroupName.MEMBER)).kept())
                .as("what every member holds keeps no group").isEmpty();
    }

    @Test
    void aPermission_isTwoBoundedLowercaseWords() {
        assertThat(Permission.parse("invoices:approve")).isPresent();
        assertThat(List.of("Invoices:approve", "invoices", "invoices:", ":approve", "a:b:c", "1x:y", "x:y z",
                "x".repeat(33) + ":y")).allSatisfy(bad -> assertThat(Permission.parse(bad)).as(bad).isEmpty());
        assertThatThrownBy(() -> new Permission("org rename")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aCustomGroup_cannotBeNamedAsABuiltInOne_andIsBounded() {
        assertThatThrownBy(() -> new CustomGroup(GroupName.ADMIN, "", Set.of(), Instant.EPOCH, Instant.EPOCH, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CustomGroup(APPROVERS, "x".repeat(CustomGroup.MAX_DESCRIPTION + 1), Set.of(),
                Instant.EPOCH, Instant.EPOCH, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
