package dev.enclave.app.edge.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.access.AccessDecision;
import dev.enclave.app.domain.access.Caller;
import dev.enclave.app.domain.access.InMemoryAccessReads;
import dev.enclave.app.domain.organisation.Limit;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.app.domain.profile.InMemoryProfiles;
import dev.enclave.app.infra.limits.RequestBudgets;
import dev.enclave.identity.TenantId;
import io.micronaut.http.HttpRequest;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RequestAccessTest {

    private static final Caller ADA = new Caller("iss", "ada", Optional.empty(), false, Optional.empty(), Set.of());
    private static final Caller BOB = new Caller("iss", "bob", Optional.empty(), false, Optional.empty(), Set.of());

    private final InMemoryAccessReads reads = new InMemoryAccessReads()
            .member(ADA.userKey(), GroupName.ADMIN).organisation(OrganisationStatus.ACTIVE);
    private final RequestBudgets budgets = new RequestBudgets(new Limit(10, 10, 10));
    private final RequestAccess requests = new RequestAccess(reads.access(), budgets,
            new InMemoryProfiles().changing(Clock.systemUTC()));

    @Test
    void aFilterAndAController_onOneRequest_shareOneStanding() {
        HttpRequest<?> request = HttpRequest.POST("/v1/orgs/acme/services", "{}");

        AccessDecision byTheFilter = requests.decide(request, ADA, "acme", SystemPermissions.ORG_READ);
        AccessDecision byTheController = requests.decide(request, ADA, "acme", SystemPermissions.SERVICES_MANAGE);

        assertThat(byTheFilter).isInstanceOf(AccessDecision.Granted.class);
        assertThat(byTheController).isInstanceOf(AccessDecision.Granted.class);
        assertThat(reads.count()).isEqualTo(1);
    }

    @Test
    void anotherOrganisationOrCaller_isDecidedAfresh() {
        HttpRequest<?> request = HttpRequest.POST("/v1/orgs/acme/services", "{}");

        requests.decide(request, ADA, "acme", SystemPermissions.ORG_READ);
        requests.decide(request, ADA, "globex", SystemPermissions.ORG_READ);
        requests.decide(request, BOB, "globex", SystemPermissions.ORG_READ);

        assertThat(reads.count()).isEqualTo(3);
    }

    @Test
    void twoRequests_eachReadTheirOwn() {
        requests.decide(HttpRequest.GET("/v1/orgs/acme"), ADA, "acme", SystemPermissions.ORG_READ);
        requests.decide(HttpRequest.GET("/v1/orgs/acme"), ADA, "acme", SystemPermissions.ORG_READ);

        assertThat(reads.count()).isEqualTo(2);
    }

    @Test
    void aGrantedMember_spendsTheOrganisationsBudget_andOneFoundGone_theirOwnAgain() {
        assertThat(policyOf(ADA)).isEqualTo("caller");

        requests.decide(HttpRequest.GET("/v1/orgs/acme"), ADA, "acme", SystemPermissions.ORG_READ);
        assertThat(policyOf(ADA)).isEqualTo("tenant");

        reads.removeMember();
        requests.decide(HttpRequest.GET("/v1/orgs/acme"), ADA, "acme", SystemPermissions.ORG_READ);
        assertThat(policyOf(ADA)).isEqualTo("caller");
    }

    @Test
    void aReadWithOtherMembers_isAccountedAsAnyStanding() {
        requests.decide(HttpRequest.GET("/v1/orgs/acme"), ADA, "acme", SystemPermissions.ORG_READ);
        assertThat(policyOf(ADA)).isEqualTo("tenant");

        reads.removeMember();
        HttpRequest<?> check = HttpRequest.POST("/v1/orgs/acme/permissions/check", "{}");
        requests.decideWith(check, ADA, "acme", SystemPermissions.MEMBERS_READ, List.of(BOB.userKey()));

        assertThat(policyOf(ADA)).as("found not to be a member: their own budget again").isEqualTo("caller");
        requests.decide(check, ADA, "acme", SystemPermissions.ORG_READ);
        assertThat(reads.count()).as("the request's later decisions reuse the read").isEqualTo(2);
    }

    @Test
    void aMemberWithoutTheRole_isNotCountedAsTheOrganisations() {
        requests.decide(HttpRequest.GET("/v1/orgs/acme"), ADA, "acme", SystemPermissions.ORG_DELETE);

        assertThat(policyOf(ADA)).isEqualTo("caller");
    }

    private String policyOf(Caller caller) {
        RequestBudgets.Admission admission = budgets.admit(Optional.of(TenantId.of("acme")), caller.userKey());
        admission.release();
        return admission.charge().policy();
    }
}
