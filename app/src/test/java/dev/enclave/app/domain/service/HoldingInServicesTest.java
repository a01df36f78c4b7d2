package dev.enclave.app.domain.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.Holding;
import dev.enclave.app.domain.permission.Permission;
import dev.enclave.app.domain.permission.ServiceGroupPermissions;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What a member holds within a service: the organisation's permissions, and their groups of that service's. */
class HoldingInServicesTest {

    private static final Permission APPROVE = new Permission("invoices:approve");
    private static final Permission EXPORT = new Permission("reports:export");
    private static final ServiceId BILLING = new ServiceId("billing");
    private static final ServiceId REPORTS = new ServiceId("reports");
    private static final GroupName APPROVERS = new GroupName("approvers");
    private static final Service BILLING_WITH_APPROVERS = new Service(BILLING, "Billing", 2,
            ServiceGroupPermissions.NONE.with(APPROVERS, Set.of(APPROVE)));
    private static final Service REPORTS_WITH_APPROVERS = new Service(REPORTS, "Reports", 2,
            ServiceGroupPermissions.NONE.with(APPROVERS, Set.of(APPROVE, EXPORT)));

    @Test
    void aMemberInAServiceGroup_holdsWhatItCarries_inThatServiceOnly() {
        HoldingInServices member = holding(Set.of(GroupName.MEMBER), new ServiceGroup(BILLING, APPROVERS));

        assertThat(member.holdsIn(BILLING_WITH_APPROVERS, APPROVE)).isTrue();
        assertThat(member.holdsIn(BILLING_WITH_APPROVERS, EXPORT)).isFalse();
        assertThat(member.holdsIn(REPORTS_WITH_APPROVERS, APPROVE)).as("the same group name in another service")
                .isFalse();
        assertThat(member.lackedIn(REPORTS_WITH_APPROVERS, Set.of(EXPORT, APPROVE))).contains(APPROVE);
        assertThat(member.whyNotGive(REPORTS_WITH_APPROVERS, APPROVERS)).hasValueSatisfying(why -> assertThat(why)
                .contains("reports/approvers").contains("invoices:approve"));
    }

    @Test
    void anOwner_holdsEveryPermissionInEveryService_andALabelGivesNothing() {
        HoldingInServices owner = holding(Set.of(GroupName.OWNER));
        HoldingInServices labelled = holding(Set.of(GroupName.MEMBER), new ServiceGroup(BILLING,
                new GroupName("viewers")));

        assertThat(owner.lackedIn(REPORTS_WITH_APPROVERS, Set.of(APPROVE, EXPORT))).isEmpty();
        assertThat(labelled.holdsIn(BILLING_WITH_APPROVERS, APPROVE)).isFalse();
    }

    @Test
    void whatAServiceGroupCarries_isTheOrganisationsOwn_andBounded() {
        assertThat(ServiceGroupPermissions.whyNotCarried(Set.of(APPROVE))).isEmpty();
        assertThat(ServiceGroupPermissions.whyNotCarried(Set.of(new Permission("members:manage")))).isPresent();
        assertThat(ServiceGroupPermissions.whyNotCarried(Set.of(new Permission("org:approve"))))
                .as("a made-up permission in Enclave's resource").isPresent();
        assertThat(BILLING_WITH_APPROVERS.groups().with(APPROVERS, Set.of()).carried()).as("a label again")
                .isEmpty();
    }

    private static HoldingInServices holding(Set<GroupName> groups, ServiceGroup... serviceGroups) {
        return new HoldingInServices(TenantId.of("acme"), UserKey.of("iss", "ada"), Instant.EPOCH,
                new Holding(groups, GroupDefinitions.NONE), Set.of(serviceGroups));
    }
}
