package dev.enclave.app.infra.store.member;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.permission.Authority;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.Holding;
import dev.enclave.app.domain.permission.Permission;
import dev.enclave.app.domain.permission.ServiceGroupPermissions;
import dev.enclave.app.domain.profile.ProfileCopy;
import dev.enclave.app.domain.service.HoldingInServices;
import dev.enclave.app.domain.service.Service;
import dev.enclave.app.domain.service.ServiceGroup;
import dev.enclave.app.domain.service.ServiceId;
import dev.enclave.app.infra.store.Expr;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The conditions on an actor's membership stay within DynamoDB's 4 KB an expression at the bounds Enclave admits:
 * 50 custom groups beside the three built in, and 50 groups of a service that carry permissions.
 */
class MembershipRulesTest {

    private static final Set<GroupName> EVERY_GROUP = IntStream.range(0, 50)
            .mapToObj(i -> new GroupName("custom-group-" + i)).collect(Collectors.toSet());
    private static final Membership ACTOR = new Membership(TenantId.of("acme"), UserKey.of("enclave-local", "mgr"),
            "mgr", "enclave-local", Optional.of(Email.of("mgr@example.com")), union(EVERY_GROUP,
            Set.of(GroupName.OWNER, GroupName.ADMIN, GroupName.MEMBER)), Instant.now(), 7, ProfileCopy.NONE);

    @Test
    void theCheckThatAnActorMayStillGive_fitsWithEveryGroupGivingAndKept() {
        Authority authority = new Authority(ACTOR.groups(), 3).keeping(EVERY_GROUP, true);

        assertThat(MembershipRules.acting(ACTOR, authority).text().length())
                .isLessThanOrEqualTo(MembershipRules.MAX_EXPRESSION);
    }

    @Test
    void theCheckThatAnActorStillHolds_fitsWithEveryGroupAndFiftyCarryingGroupsOfTwoServices() {
        List<Service> services = List.of(service("a-service-id-of-the-longest-length-40-ch"), service("another"));

        Expr held = MembershipRules.stillHolding(holdingIn(services), services);

        assertThat(held.text().length()).isLessThanOrEqualTo(MembershipRules.MAX_EXPRESSION);
        assertThat(held.values()).hasSize(1 + ACTOR.groups().size() + 100);
    }

    @Test
    void beyondWhatFits_theActorsMembershipMustBeUnchanged() {
        List<Service> services = List.of(service("first"), service("second"), service("third"));

        Expr held = MembershipRules.stillHoldingOrUnchanged(ACTOR, holdingIn(services), services);

        assertThat(MembershipRules.stillHolding(holdingIn(services), services).text().length())
                .isGreaterThan(MembershipRules.MAX_EXPRESSION);
        assertThat(held.text()).contains("#unchangedVersion = :unchangedVersion");
        assertThat(held.values().get(":unchangedVersion").n()).isEqualTo("7");
    }

    @Test
    void onlyTheServicesGroupsThatCarrySomething_areChecked() {
        Service service = service("billing");
        HoldingInServices holding = new HoldingInServices(ACTOR.tenant(), ACTOR.user(), ACTOR.joinedAt(),
                new Holding(ACTOR.groups(), GroupDefinitions.NONE), Set.of(new ServiceGroup(service.id(),
                new GroupName("carrying-0")), new ServiceGroup(service.id(), new GroupName("a-plain-label"))));

        Expr held = MembershipRules.stillHolding(holding, List.of(service));

        assertThat(held.values().values()).extracting(value -> value.s())
                .contains("billing/carrying-0").doesNotContain("billing/a-plain-label");
    }

    private static HoldingInServices holdingIn(List<Service> services) {
        Set<ServiceGroup> groups = services.stream().flatMap(service -> IntStream.range(0, 50)
                .mapToObj(i -> new ServiceGroup(service.id(), new GroupName("carrying-" + i))))
                .collect(Collectors.toSet());
        return new HoldingInServices(ACTOR.tenant(), ACTOR.user(), ACTOR.joinedAt(), new Holding(ACTOR.groups(),
                GroupDefinitions.NONE), groups);
    }

    private static Service service(String id) {
        Map<GroupName, Set<Permission>> carried = IntStream.range(0, 50).boxed().collect(Collectors.toMap(
                i -> new GroupName("carrying-" + i), i -> Set.of(new Permission("invoices:approve"))));
        return new Service(new ServiceId(id), id, 1, new ServiceGroupPermissions(carried), "generation-1");
    }

    private static Set<GroupName> union(Set<GroupName> first, Set<GroupName> second) {
        return java.util.stream.Stream.concat(first.stream(), second.stream()).collect(Collectors.toSet());
    }
}
