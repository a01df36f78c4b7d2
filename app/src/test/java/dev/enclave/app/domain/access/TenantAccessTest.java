package dev.enclave.app.domain.access;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.identity.TenantId;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TenantAccessTest {

    private static final TenantId ACME = InMemoryAccessReads.ACME;
    private static final Caller ADA = new Caller("iss", "ada", Optional.empty(), false, Optional.empty(), Set.of());

    private final InMemoryAccessReads reads = new InMemoryAccessReads();
    private final TenantAccess access = reads.access();

    @Test
    void decide_whenMemberOfActiveOrganisation_isGrantedWithWhatWasRead() {
        reads.member(ADA.userKey()).organisation(OrganisationStatus.ACTIVE);

        AccessDecision decision = access.decide(ADA, "acme", SystemPermissions.ORG_READ);

        assertThat(decision).isInstanceOfSatisfying(AccessDecision.Granted.class, granted -> {
            assertThat(granted.tenant()).isEqualTo(ACME);
            assertThat(granted.membership().user()).isEqualTo(ADA.userKey());
            assertThat(granted.organisation().id()).isEqualTo(ACME);
        });
    }

    @Test
    void decide_whenNotAMember_isOrganisationNotFound() {
        reads.organisation(OrganisationStatus.ACTIVE);

        assertThat(reason(access.decide(ADA, "acme", SystemPermissions.ORG_READ))).isEqualTo(Reason.ORGANISATION_NOT_FOUND);
    }

    @Test
    void decide_whenOrganisationIsBeingDeleted_isOrganisationNotFound() {
        reads.member(ADA.userKey(), GroupName.OWNER).organisation(OrganisationStatus.DELETING);

        assertThat(reason(access.decide(ADA, "acme", SystemPermissions.ORG_READ))).isEqualTo(Reason.ORGANISATION_NOT_FOUND);
    }

    @Test
    void decide_whenOrganisationIsSuspended_isSuspendedBeforeAnyRoleCheck() {
        reads.member(ADA.userKey()).organisation(OrganisationStatus.SUSPENDED);

        assertThat(reason(access.decide(ADA, "acme", SystemPermissions.ORG_DELETE))).isEqualTo(Reason.ORGANISATION_SUSPENDED);
    }

    @Test
    void decide_whenRoleIsMissing_isMissingRole() {
        reads.member(ADA.userKey()).organisation(OrganisationStatus.ACTIVE);

        assertThat(reason(access.decide(ADA, "acme", SystemPermissions.SERVICES_MANAGE))).isEqualTo(Reason.MISSING_ROLE);
    }

    @Test
    void decide_whenTokenIsBoundToAnotherTenant_isTenantMismatch_andReadsNothing() {
        Caller bound = new Caller("iss", "ada", Optional.empty(), false, Optional.of(TenantId.of("other")), Set.of());

        assertThat(reason(access.decide(bound, "acme", SystemPermissions.ORG_READ))).isEqualTo(Reason.TENANT_MISMATCH);
        assertThat(reads.count()).isZero();
    }

    @Test
    void decide_whenPathIsNoTenantId_isOrganisationNotFound_andReadsNothing() {
        assertThat(reason(access.decide(ADA, "NOT A TENANT", SystemPermissions.ORG_READ)))
                .isEqualTo(Reason.ORGANISATION_NOT_FOUND);
        assertThat(reads.count()).isZero();
    }

    @Test
    void judge_ofOneStanding_answersEachRequirement_withoutReadingAgain() {
        reads.member(ADA.userKey(), GroupName.ADMIN).organisation(OrganisationStatus.ACTIVE);

        AccessDecision standing = access.standing(ADA, "acme");

        assertThat(access.judge(standing, SystemPermissions.ORG_READ)).isInstanceOf(AccessDecision.Granted.class);
        assertThat(access.judge(standing, SystemPermissions.SERVICES_MANAGE)).isInstanceOf(AccessDecision.Granted.class);
        assertThat(reason(access.judge(standing, SystemPermissions.ORG_DELETE))).isEqualTo(Reason.MISSING_ROLE);
        assertThat(reads.count()).isEqualTo(1);
    }

    private static Reason reason(AccessDecision decision) {
        assertThat(decision).isInstanceOf(AccessDecision.Refused.class);
        return ((AccessDecision.Refused) decision).reason();
    }
}
