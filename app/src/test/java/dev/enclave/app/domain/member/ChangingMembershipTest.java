package dev.enclave.app.domain.member;

import static dev.enclave.app.domain.permission.GroupName.ADMIN;
import static dev.enclave.app.domain.permission.GroupName.MEMBER;
import static dev.enclave.app.domain.permission.GroupName.OWNER;
import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.outcome.ExpectedVersion;
import dev.enclave.app.domain.outcome.Outcome;
import dev.enclave.app.domain.outcome.Reason;
import dev.enclave.app.domain.permission.CustomGroup;
import dev.enclave.app.domain.permission.GroupDefinitions;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.permission.Permission;
import dev.enclave.app.domain.permission.SystemPermissions;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Who may remove members and edit their groups, and what the organisation's invariants refuse, on an in-memory
 * {@link Members}. Acme starts with an owner (ada), an admin (bea) and two plain members (carl, dana).
 */
class ChangingMembershipTest {

    private static final TenantId ACME = TenantId.of("acme");
    private static final GroupName BILLING = new GroupName("billing");
    private static final UserKey STRANGER = UserKey.of("iss", "stranger");

    private final Membership ada = member("ada", OWNER);
    private final Membership bea = member("bea", ADMIN);
    private final Membership carl = member("carl");
    private final Membership dana = member("dana");
    private final InMemoryMembers members = new InMemoryMembers().add(ada).add(bea).add(carl).add(dana);
    private final ChangingMembership changing = new ChangingMembership(members, members);

    @Test
    void remove_byAPlainMember_ofSomeoneElse_isMissingRole_andKeepsThem() {
        assertThat(reason(changing.remove(new ChangingMembership.Remove(ActingMember.of(carl), dana.user())))).isEqualTo(Reason.MISSING_ROLE);
        assertThat(members.find(ACME, dana.user())).contains(dana);
    }

    @Test
    void remove_byAPlainMember_ofSomeoneWhoIsNotAMember_isMissingRole_notWhetherTheyExist() {
        assertThat(reason(changing.remove(new ChangingMembership.Remove(ActingMember.of(carl), STRANGER)))).isEqualTo(Reason.MISSING_ROLE);
    }

    @Test
    void remove_byAnAdmin_ofAPlainMember_removesThem() {
        assertThat(changing.remove(new ChangingMembership.Remove(ActingMember.of(bea), carl.user()))).isEqualTo(Outcome.done());
        assertThat(members.find(ACME, carl.user())).isEmpty();
        assertThat(members.count(ACME)).isEqualTo(3);
    }

    @Test
    void remove_byAnAdmin_ofAMemberHoldingAGroupThatCarriesWhatTheAdminLacks_isMissingRole_andKeepsThem() {
        GroupName security = new GroupName("security");
        GroupDefinitions definitions = GroupDefinitions.NONE.with(new CustomGroup(security, "",
                Set.of(SystemPermissions.GROUPS_MANAGE), Instant.EPOCH, Instant.EPOCH, 1));
        Membership sam = member("sam", security);
        members.add(sam);

        assertThat(reason(changing.remove(new ChangingMembership.Remove(new ActingMember(bea, definitions),
                sam.user())))).as("taking security from sam would be refused, so removing sam is")
                .isEqualTo(Reason.MISSING_ROLE);
        assertThat(members.find(ACME, sam.user())).contains(sam);
        assertThat(changing.remove(new ChangingMembership.Remove(new ActingMember(ada, definitions), sam.user())))
                .isEqualTo(Outcome.done());
    }

    @Test
    void remove_byAnAdmin_ofAMemberHoldingTheOrganisationsOwnPermissionsOrALabel_removesThem() {
        GroupName approvers = new GroupName("approvers");
        GroupDefinitions definitions = GroupDefinitions.NONE.with(new CustomGroup(approvers, "",
                Set.of(new Permission("invoices:approve")), Instant.EPOCH, Instant.EPOCH, 1));
        Membership ann = member("ann", approvers, BILLING);
        members.add(ann);

        assertThat(changing.remove(new ChangingMembership.Remove(new ActingMember(bea, definitions), ann.user())))
                .as("offboarding is the admins': the app's own permissions are not Enclave's to guard")
                .isEqualTo(Outcome.done());
    }

    @Test
    void remove_byAnAdmin_ofSomeoneWhoIsNotAMember_isMemberNotFound() {
        assertThat(reason(changing.remove(new ChangingMembership.Remove(ActingMember.of(bea), STRANGER)))).isEqualTo(Reason.MEMBER_NOT_FOUND);
        assertThat(members.count(ACME)).isEqualTo(4);
    }

    @Test
    void remove_byAnAdminWhoIsNoOwner_ofAnOwner_isMissingRole_andKeepsThem() {
        assertThat(reason(changing.remove(new ChangingMembership.Remove(ActingMember.of(bea), ada.user())))).isEqualTo(Reason.MISSING_ROLE);
        assertThat(members.find(ACME, ada.user())).contains(ada);
    }

    @Test
    void remove_byAnOwner_ofAnotherOwner_removesThem() {
        Membership eve = member("eve", OWNER);
        members.add(eve);

        assertThat(changing.remove(new ChangingMembership.Remove(ActingMember.of(ada), eve.user()))).isEqualTo(Outcome.done());
        assertThat(members.find(ACME, eve.user())).isEmpty();
        assertThat(members.owners(ACME)).isEqualTo(1);
    }

    @Test
    void remove_ofAnOwner_byAnOwnerWhoseOwnershipWasTakenMeanwhile_isRefusedForTheRoleTheyLost() {
        Membership staleActor = member("eve", OWNER);
        members.add(member("eve"));

        assertThat(reason(changing.remove(new ChangingMembership.Remove(ActingMember.of(staleActor), ada.user())))).isEqualTo(Reason.MISSING_ROLE);
        assertThat(members.find(ACME, ada.user())).contains(ada);
    }

    @Test
    void leave_byAPlainMember_removesThem() {
        assertThat(changing.remove(new ChangingMembership.Remove(ActingMember.of(carl), carl.user()))).isEqualTo(Outcome.done());
        assertThat(members.find(ACME, carl.user())).isEmpty();
    }

    @Test
    void leave_byTheLastOwner_isLastOwner_andKeepsThem() {
        assertThat(reason(changing.remove(new ChangingMembership.Remove(ActingMember.of(ada), ada.user())))).isEqualTo(Reason.LAST_OWNER);
        assertThat(members.find(ACME, ada.user())).contains(ada);
    }

    @Test
    void leave_byAnOwner_whileAnotherOwnerIsLeft_removesThem() {
        members.add(member("eve", OWNER));

        assertThat(changing.remove(new ChangingMembership.Remove(ActingMember.of(ada), ada.user()))).isEqualTo(Outcome.done());
        assertThat(members.find(ACME, ada.user())).isEmpty();
        assertThat(members.owners(ACME)).isEqualTo(1);
    }

    @Test
    void remove_whenTheMemberChangedAfterItWasRead_readsThemAgain_andRemovesThem() {
        members.afterNextFind(() -> members.grant(ACME, carl.user(), BILLING, Optional.empty()));

        assertThat(changing.remove(new ChangingMembership.Remove(ActingMember.of(bea), carl.user()))).isEqualTo(Outcome.done());
        assertThat(members.find(ACME, carl.user())).isEmpty();
    }

    @Test
    void remove_whenTheMemberChangesAfterEveryRead_isConflict_andKeepsThem() {
        changeAfterEveryFind(carl.user(), ChangingMembership.REMOVAL_ATTEMPTS);

        assertThat(reason(changing.remove(new ChangingMembership.Remove(ActingMember.of(bea), carl.user())))).isEqualTo(Reason.CONFLICT);
        assertThat(members.find(ACME, carl.user())).isPresent();
    }

    /** A concurrent writer gives the member another group right after each of the next {@code times} reads. */
    private void changeAfterEveryFind(UserKey user, int times) {
        if (times > 0) {
            members.afterNextFind(() -> {
                members.grant(ACME, user, new GroupName("group-" + times), Optional.empty());
                changeAfterEveryFind(user, times - 1);
            });
        }
    }

    @Test
    void remove_ofAMemberWhoseAssignmentsFillTheTransaction_isRemoved_butOneMoreIsConflict() {
        int fill = Transaction.MAX_CHANGE_WRITES_ON_THE_ORGANISATION - 4;
        members.dependents(ACME, carl.user(), fill).dependents(ACME, dana.user(), fill + 1);

        assertThat(changing.remove(new ChangingMembership.Remove(ActingMember.of(bea), carl.user()))).isEqualTo(Outcome.done());
        assertThat(reason(changing.remove(new ChangingMembership.Remove(ActingMember.of(bea), dana.user())))).isEqualTo(Reason.CONFLICT);
        assertThat(members.find(ACME, dana.user())).isPresent();
    }

    @Test
    void grant_byAPlainMember_isMissingRole_andChangesNothing() {
        assertThat(reason(changing.grant(new ChangingMembership.GroupChange(ActingMember.of(carl), dana.user(), dana.userId(), BILLING, Optional.empty())))).isEqualTo(Reason.MISSING_ROLE);
        assertThat(members.find(ACME, dana.user())).contains(dana);
    }

    @Test
    void grant_byAnAdmin_ofAGroup_addsIt_atTheNextVersion() {
        assertThat(changing.grant(new ChangingMembership.GroupChange(ActingMember.of(bea), carl.user(), carl.userId(), BILLING, Optional.empty()))).isEqualTo(Outcome.done());

        Membership now = members.find(ACME, carl.user()).orElseThrow();
        assertThat(now.groups()).containsExactlyInAnyOrder(BILLING, MEMBER);
        assertThat(now.version()).isEqualTo(2);
    }

    @Test
    void grant_ofTheOwnerGroup_byAnAdminWhoIsNoOwner_isMissingRole() {
        assertThat(reason(changing.grant(new ChangingMembership.GroupChange(ActingMember.of(bea), carl.user(), carl.userId(), OWNER, Optional.empty())))).isEqualTo(Reason.MISSING_ROLE);
        assertThat(members.owners(ACME)).isEqualTo(1);
    }

    @Test
    void grant_ofTheOwnerGroup_byAnOwner_makesASecondOwner() {
        assertThat(changing.grant(new ChangingMembership.GroupChange(ActingMember.of(ada), carl.user(), carl.userId(), OWNER, Optional.empty()))).isEqualTo(Outcome.done());

        assertThat(members.find(ACME, carl.user()).orElseThrow().isOwner()).isTrue();
        assertThat(members.owners(ACME)).isEqualTo(2);
    }

    @Test
    void grant_ofTheAdminGroup_byAnAdmin_isAllowed() {
        assertThat(changing.grant(new ChangingMembership.GroupChange(ActingMember.of(bea), carl.user(), carl.userId(), ADMIN, Optional.empty()))).isEqualTo(Outcome.done());
        assertThat(members.find(ACME, carl.user()).orElseThrow().isAdmin()).isTrue();
    }

    @Test
    void grant_ofAGroupAlreadyHeld_isNotRefused_andKeepsTheVersion() {
        assertThat(changing.grant(new ChangingMembership.GroupChange(ActingMember.of(ada), bea.user(), bea.userId(), ADMIN, Optional.empty()))).isEqualTo(Outcome.done());
        assertThat(members.find(ACME, bea.user())).contains(bea);
    }

    @Test
    void grant_toSomeoneWhoIsNotAMember_isMemberNotFound() {
        assertThat(reason(changing.grant(new ChangingMembership.GroupChange(ActingMember.of(bea), STRANGER, STRANGER.digest(), BILLING, Optional.empty()))))
                .isEqualTo(Reason.MEMBER_NOT_FOUND);
        assertThat(members.find(ACME, STRANGER)).isEmpty();
    }

    @Test
    void grant_withIfMatchAtTheVersionRead_applies() {
        assertThat(changing.grant(new ChangingMembership.GroupChange(ActingMember.of(bea), carl.user(), carl.userId(), BILLING, atVersion(carl, 1)))).isEqualTo(Outcome.done());
        assertThat(members.find(ACME, carl.user()).orElseThrow().groups()).contains(BILLING);
    }

    @Test
    void grant_withIfMatchAtAnotherVersion_isVersionMismatch_andChangesNothing() {
        assertThat(reason(changing.grant(new ChangingMembership.GroupChange(ActingMember.of(bea), carl.user(), carl.userId(), BILLING, atVersion(carl, 2)))))
                .isEqualTo(Reason.VERSION_MISMATCH);
        assertThat(members.find(ACME, carl.user())).contains(carl);
    }

    @Test
    void grant_withIfMatchOfTheMembersFormerLife_atTheVersionNowStored_isVersionMismatch_andChangesNothing() {
        Membership former = new Membership(ACME, carl.user(), carl.userId(), carl.issuer(), carl.email(), Set.of(),
                carl.joinedAt().minusSeconds(60), carl.version());

        assertThat(reason(changing.grant(new ChangingMembership.GroupChange(ActingMember.of(bea), carl.user(),
                carl.userId(), BILLING, atVersion(former, carl.version()))))).isEqualTo(Reason.VERSION_MISMATCH);
        assertThat(members.find(ACME, carl.user())).contains(carl);
    }

    @Test
    void grant_withIfMatchAtAnotherVersion_ofAGroupAlreadyHeld_isStillAVersionMismatch() {
        assertThat(reason(changing.grant(new ChangingMembership.GroupChange(ActingMember.of(ada), bea.user(), bea.userId(), ADMIN, atVersion(bea, 2)))))
                .isEqualTo(Reason.VERSION_MISMATCH);
    }

    @Test
    void grant_withIfMatch_toSomeoneWhoIsNotAMember_isMemberNotFound() {
        assertThat(reason(changing.grant(new ChangingMembership.GroupChange(ActingMember.of(bea), STRANGER, STRANGER.digest(), BILLING, atVersion(carl, 1)))))
                .isEqualTo(Reason.MEMBER_NOT_FOUND);
    }

    @Test
    void revoke_ofTheMemberGroup_isBadRequest_beforeAnyRoleCheck() {
        assertThat(reason(changing.revoke(new ChangingMembership.GroupChange(ActingMember.of(ada), carl.user(), carl.userId(), MEMBER, Optional.empty()))))
                .isEqualTo(Reason.BAD_REQUEST);
        assertThat(reason(changing.revoke(new ChangingMembership.GroupChange(ActingMember.of(carl), dana.user(), dana.userId(), MEMBER, Optional.empty()))))
                .isEqualTo(Reason.BAD_REQUEST);
        assertThat(members.find(ACME, carl.user())).contains(carl);
    }

    @Test
    void revoke_byAPlainMember_isMissingRole_andChangesNothing() {
        assertThat(reason(changing.revoke(new ChangingMembership.GroupChange(ActingMember.of(carl), bea.user(), bea.userId(), ADMIN, Optional.empty()))))
                .isEqualTo(Reason.MISSING_ROLE);
        assertThat(members.find(ACME, bea.user())).contains(bea);
    }

    @Test
    void revoke_byAnAdmin_ofAGroup_takesItAway() {
        members.add(member("eve", BILLING));
        UserKey eve = UserKey.of("iss", "eve");

        assertThat(changing.revoke(new ChangingMembership.GroupChange(ActingMember.of(bea), eve, eve.digest(), BILLING, Optional.empty()))).isEqualTo(Outcome.done());
        assertThat(members.find(ACME, eve).orElseThrow().groups()).containsExactly(MEMBER);
    }

    @Test
    void revoke_ofTheOwnerGroup_byAnAdminWhoIsNoOwner_isMissingRole() {
        assertThat(reason(changing.revoke(new ChangingMembership.GroupChange(ActingMember.of(bea), ada.user(), ada.userId(), OWNER, Optional.empty()))))
                .isEqualTo(Reason.MISSING_ROLE);
        assertThat(members.owners(ACME)).isEqualTo(1);
    }

    @Test
    void revoke_ofTheOwnerGroup_fromTheLastOwner_isLastOwner_andKeepsIt() {
        assertThat(reason(changing.revoke(new ChangingMembership.GroupChange(ActingMember.of(ada), ada.user(), ada.userId(), OWNER, Optional.empty())))).isEqualTo(Reason.LAST_OWNER);
        assertThat(members.find(ACME, ada.user())).contains(ada);
    }

    @Test
    void revoke_ofTheOwnerGroup_fromOneOfTwoOwners_leavesTheOther() {
        members.add(member("eve", OWNER));

        assertThat(changing.revoke(new ChangingMembership.GroupChange(ActingMember.of(ada), ada.user(), ada.userId(), OWNER, Optional.empty()))).isEqualTo(Outcome.done());
        assertThat(members.find(ACME, ada.user()).orElseThrow().isOwner()).isFalse();
        assertThat(members.owners(ACME)).isEqualTo(1);
    }

    @Test
    void revoke_ofTheOwnerGroup_fromSomeoneWhoIsNoOwner_isNotRefused_evenWithOneOwner() {
        assertThat(changing.revoke(new ChangingMembership.GroupChange(ActingMember.of(ada), carl.user(), carl.userId(), OWNER, Optional.empty()))).isEqualTo(Outcome.done());
        assertThat(members.find(ACME, carl.user())).contains(carl);
    }

    @Test
    void revoke_ofAGroupNotHeld_isNotRefused_andKeepsTheVersion() {
        assertThat(changing.revoke(new ChangingMembership.GroupChange(ActingMember.of(bea), carl.user(), carl.userId(), BILLING, Optional.empty()))).isEqualTo(Outcome.done());
        assertThat(members.find(ACME, carl.user())).contains(carl);
    }

    @Test
    void revoke_fromSomeoneWhoIsNotAMember_isMemberNotFound() {
        assertThat(reason(changing.revoke(new ChangingMembership.GroupChange(ActingMember.of(bea), STRANGER, STRANGER.digest(), BILLING, Optional.empty()))))
                .isEqualTo(Reason.MEMBER_NOT_FOUND);
    }

    @Test
    void revoke_withIfMatchAtAnotherVersion_isVersionMismatch_andKeepsTheGroup() {
        assertThat(reason(changing.revoke(new ChangingMembership.GroupChange(ActingMember.of(ada), bea.user(), bea.userId(), ADMIN, atVersion(bea, 7)))))
                .isEqualTo(Reason.VERSION_MISMATCH);
        assertThat(members.find(ACME, bea.user())).contains(bea);
    }

    @Test
    void revoke_withIfMatchAnyVersion_takesTheGroupAway() {
        assertThat(changing.revoke(new ChangingMembership.GroupChange(ActingMember.of(ada), bea.user(), bea.userId(), ADMIN, Optional.of(ExpectedVersion.anyExisting())))).isEqualTo(Outcome.done());
        assertThat(members.find(ACME, bea.user()).orElseThrow().isAdmin()).isFalse();
    }

    @Test
    void transfer_byAnAdminWhoIsNoOwner_isMissingRole() {
        assertThat(reason(changing.transferOwnership(new ChangingMembership.TransferOwnership(ActingMember.of(bea), carl.user(), carl.userId())))).isEqualTo(Reason.MISSING_ROLE);
        assertThat(members.find(ACME, ada.user())).contains(ada);
    }

    @Test
    void transfer_toYourself_isBadRequest() {
        assertThat(reason(changing.transferOwnership(new ChangingMembership.TransferOwnership(ActingMember.of(ada), ada.user(), ada.userId())))).isEqualTo(Reason.BAD_REQUEST);
    }

    @Test
    void transfer_toAMember_movesTheOwnerGroup_andKeepsOneOwner() {
        assertThat(changing.transferOwnership(new ChangingMembership.TransferOwnership(ActingMember.of(ada), carl.user(), carl.userId()))).isEqualTo(Outcome.done());

        assertThat(members.find(ACME, carl.user()).orElseThrow().isOwner()).isTrue();
        assertThat(members.find(ACME, ada.user()).orElseThrow().isOwner()).isFalse();
        assertThat(members.owners(ACME)).isEqualTo(1);
    }

    @Test
    void transfer_toSomeoneWhoIsNotAMember_isMemberNotFound_andKeepsTheOwner() {
        assertThat(reason(changing.transferOwnership(new ChangingMembership.TransferOwnership(ActingMember.of(ada), STRANGER, STRANGER.digest())))).isEqualTo(Reason.MEMBER_NOT_FOUND);
        assertThat(members.find(ACME, ada.user())).contains(ada);
    }

    @Test
    void transfer_toSomeoneAlreadyAnOwner_handsOverTheActorsOwnership() {
        Membership eve = member("eve", OWNER);
        members.add(eve);

        assertThat(changing.transferOwnership(new ChangingMembership.TransferOwnership(ActingMember.of(ada), eve.user(), eve.userId()))).isEqualTo(Outcome.done());
        assertThat(members.find(ACME, ada.user()).orElseThrow().isOwner()).isFalse();
        assertThat(members.find(ACME, eve.user()).orElseThrow().isOwner()).isTrue();
        assertThat(members.owners(ACME)).isEqualTo(1);
    }

    @Test
    void transfer_byAnOwnerWhoseOwnershipWasTakenMeanwhile_isRefusedForTheRoleTheyLost_andGivesNothing() {
        Membership staleActor = member("eve", OWNER);
        members.add(member("eve"));

        assertThat(reason(changing.transferOwnership(new ChangingMembership.TransferOwnership(ActingMember.of(staleActor), carl.user(), carl.userId())))).isEqualTo(Reason.MISSING_ROLE);
        assertThat(members.find(ACME, carl.user())).contains(carl);
    }

    private static Membership member(String name, GroupName... groups) {
        Set<GroupName> all = new HashSet<>(Set.of(groups));
        all.add(MEMBER);
        return new Membership(ACME, UserKey.of("iss", name), name, "iss", Optional.of(Email.of(name + "@example.com")),
                all, Instant.parse("2026-11-22T10:00:00Z"), 1);
    }

    private static Optional<ExpectedVersion> atVersion(Membership member, long version) {
        return Optional.of(ExpectedVersion.exactly(member.life(), version));
    }

    private static Reason reason(Outcome<Void> outcome) {
        assertThat(outcome).as("refused").isInstanceOf(Outcome.Refused.class);
        return ((Outcome.Refused<Void>) outcome).refusal().reason();
    }
}
