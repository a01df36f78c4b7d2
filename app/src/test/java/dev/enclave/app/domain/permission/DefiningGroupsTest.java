package dev.enclave.app.domain.permission;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.organisation.Organisation;
import dev.enclave.app.domain.organisation.OrganisationStatus;
import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.permission.DefiningGroups.Acting;
import dev.enclave.identity.TenantId;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Who may define, change and delete custom groups, on an in-memory {@link CustomGroups}. */
class DefiningGroupsTest {

    private static final TenantId ACME = TenantId.of("acme");
    private static final Organisation ORGANISATION = new Organisation(ACME, "Acme", 25, 3, OrganisationStatus.ACTIVE, 1,
            Instant.EPOCH, Optional.empty(), Optional.empty());
    private static final GroupName DEPUTIES = new GroupName("deputies");
    private static final Permission APPROVE = new Permission("invoices:approve");

    private final InMemoryCustomGroups groups = new InMemoryCustomGroups();
    private final DefiningGroups defining = new DefiningGroups(groups,
            Clock.fixed(Instant.parse("2026-11-26T10:00:00Z"), ZoneOffset.UTC));

    @Test
    void anOwner_definesAGroup_withAnyPermission_andItsEvent() {
        CustomGroup created = done(defining.create(create(owner(), "approvers", APPROVE)));

        assertThat(groups.of(ACME).find(created.id())).contains(created);
        assertThat(created.version()).isEqualTo(1);
        assertThat(groups.events()).singleElement().satisfies(e -> assertThat(e.type())
                .isEqualTo(EventType.GROUP_CREATED));
    }

    @Test
    void aDeputy_givesOnlyWhatTheyHold() {
        done(defining.create(create(owner(), "deputies", SystemPermissions.GROUPS_MANAGE)));
        Acting deputy = holding(Set.of(GroupName.MEMBER, DEPUTIES));

        assertThat(refusal(defining.create(create(deputy, "approvers", APPROVE)))).isEqualTo(Reason.MISSING_ROLE);
        assertThat(refusal(defining.create(create(deputy, "managers", SystemPermissions.MEMBERS_MANAGE))))
                .isEqualTo(Reason.MISSING_ROLE);
        assertThat(done(defining.create(create(holding(Set.of(GroupName.MEMBER, DEPUTIES)), "readers",
                SystemPermissions.MEMBERS_READ))).permissions()).containsExactly(SystemPermissions.MEMBERS_READ);
    }

    @Test
    void onlyOwners_defineAGroupUnderANameTheyHold() {
        done(defining.create(create(owner(), "deputies", SystemPermissions.GROUPS_MANAGE,
                SystemPermissions.MEMBERS_READ)));
        GroupName label = new GroupName("x");
        Acting deputyWithALabel = holding(Set.of(GroupName.MEMBER, DEPUTIES, label));

        assertThat(refusal(defining.create(create(deputyWithALabel, "x", SystemPermissions.MEMBERS_READ))))
                .as("its permissions would stay theirs once their other groups were taken")
                .isEqualTo(Reason.MISSING_ROLE);
        assertThat(done(defining.create(create(holding(Set.of(GroupName.OWNER, GroupName.MEMBER, label)), "x",
                SystemPermissions.MEMBERS_READ))).permissions()).containsExactly(SystemPermissions.MEMBERS_READ);
    }

    @Test
    void onlyOwners_changeAGroupTheyHold_andNobodyTakesAwayWhatTheyLack() {
        done(defining.create(create(owner(), "deputies", SystemPermissions.GROUPS_MANAGE)));
        done(defining.create(create(owner(), "approvers", APPROVE)));
        Acting deputy = holding(Set.of(GroupName.MEMBER, DEPUTIES));

        assertThat(refusal(defining.change(change(deputy, "deputies", Set.of())))).isEqualTo(Reason.MISSING_ROLE);
        assertThat(refusal(defining.change(change(holding(Set.of(GroupName.MEMBER, DEPUTIES)), "approvers",
                Set.of())))).as("invoices:approve, which the deputy lacks").isEqualTo(Reason.MISSING_ROLE);
        assertThat(done(defining.change(change(owner(), "deputies", Set.of()))).permissions()).isEmpty();
    }

    @Test
    void aChangeToWhatIsThere_writesNothing() {
        CustomGroup created = done(defining.create(create(owner(), "approvers", APPROVE)));

        assertThat(done(defining.change(change(owner(), "approvers", Set.of(APPROVE))))).isEqualTo(created);
        assertThat(groups.events()).hasSize(1);
    }

    @Test
    void theBuiltInGroups_areFixed_andTheirNamesTaken() {
        assertThat(refusal(defining.create(create(owner(), "admin", APPROVE)))).isEqualTo(Reason.GROUP_EXISTS);
        assertThat(refusal(defining.change(change(owner(), "owner", Set.of())))).isEqualTo(Reason.MISSING_ROLE);
        assertThat(refusal(defining.delete(new DefiningGroups.Delete(owner(), GroupName.MEMBER, Optional.empty()))))
                .isEqualTo(Reason.MISSING_ROLE);
    }

    @Test
    void aPermissionInAnEnclaveResource_mustBeAnEnclaveOne() {
        assertThat(refusal(defining.create(create(owner(), "renamers", new Permission("org:rename")))))
                .isEqualTo(Reason.VALIDATION_FAILED);
    }

    @Test
    void aStaleVersion_changesNothing() {
        CustomGroup created = done(defining.create(create(owner(), "approvers", APPROVE)));

        assertThat(refusal(defining.change(new DefiningGroups.Change(owner(), created.id(), Optional.of("x"),
                Optional.empty(), Optional.of(ExpectedVersion.oneOf(Set.of(7L)))))))
                .isEqualTo(Reason.VERSION_MISMATCH);
        assertThat(groups.of(ACME).find(created.id())).contains(created);
    }

    @Test
    void aChangeDecidedBeforeAnotherGroupWasDefined_isDecidedAgainOnTheDefinitionsAsTheyAre_andKeepsThatGroup() {
        done(defining.create(create(owner(), "approvers", APPROVE)));
        Acting readBefore = owner();
        done(defining.create(create(owner(), "others", APPROVE)));

        CustomGroup changed = done(defining.change(change(readBefore, "approvers", Set.of())));

        assertThat(changed.permissions()).isEmpty();
        assertThat(groups.of(ACME).find(new GroupName("others"))).as("the group defined meanwhile").isPresent();
        assertThat(done(defining.create(create(readBefore, "third", APPROVE))).id().value()).isEqualTo("third");
        assertThat(groups.of(ACME).custom()).hasSize(3);
    }

    @Test
    void definitionsThatKeepChanging_areAnsweredAsAConflict_afterAFewDecisions() {
        groups.changedBeforeEachStore(ACME);

        assertThat(refusal(defining.create(create(owner(), "approvers", APPROVE)))).isEqualTo(Reason.CONFLICT);
        assertThat(groups.stores()).isEqualTo(DefiningGroups.ATTEMPTS);
        assertThat(groups.of(ACME).find(new GroupName("approvers"))).isEmpty();
    }

    @Test
    void aGroupMembersHold_isNotDeleted() {
        done(defining.create(create(owner(), "approvers", APPROVE)));
        groups.holding(ACME, new GroupName("approvers"));

        assertThat(refusal(defining.delete(new DefiningGroups.Delete(owner(), new GroupName("approvers"),
                Optional.empty())))).isEqualTo(Reason.GROUP_IN_USE);
        assertThat(groups.of(ACME).find(new GroupName("approvers"))).isPresent();
    }

    @Test
    void anOrganisation_definesAtMostItsMaximum() {
        IntStream.range(0, GroupDefinitions.MAX_GROUPS).forEach(i -> done(defining.create(create(owner(), "g" + i,
                APPROVE))));

        assertThat(refusal(defining.create(create(owner(), "one-more", APPROVE))))
                .isEqualTo(Reason.GROUP_LIMIT_REACHED);
    }

    private Acting owner() {
        return holding(Set.of(GroupName.OWNER, GroupName.MEMBER));
    }

    private Acting holding(Set<GroupName> held) {
        return new Acting(ORGANISATION, new Holding(held, groups.of(ACME)));
    }

    private static DefiningGroups.Create create(Acting actor, String id, Permission... permissions) {
        return new DefiningGroups.Create(actor, new GroupName(id), "", Set.of(permissions));
    }

    private static DefiningGroups.Change change(Acting actor, String id, Set<Permission> permissions) {
        return new DefiningGroups.Change(actor, new GroupName(id), Optional.empty(), Optional.of(permissions),
                Optional.empty());
    }

    private static <T> T done(Outcome<T> outcome) {
        assertThat(outcome).isInstanceOf(Outcome.Done.class);
        return ((Outcome.Done<T>) outcome).value();
    }

    private static Reason refusal(Outcome<?> outcome) {
        assertThat(outcome).isInstanceOf(Outcome.Refused.class);
        return ((Outcome.Refused<?>) outcome).refusal().reason();
    }
}
