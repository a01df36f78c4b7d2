package dev.enclave.app.infra.consistency;

import static dev.enclave.app.infra.consistency.HealthyTable.ADA;
import static dev.enclave.app.infra.consistency.HealthyTable.BOB;
import static dev.enclave.app.infra.consistency.HealthyTable.BOB_INVITED;
import static dev.enclave.app.infra.consistency.HealthyTable.CLEO_INVITED;
import static dev.enclave.app.infra.consistency.HealthyTable.PARTITION;
import static dev.enclave.app.infra.consistency.HealthyTable.member;
import static dev.enclave.app.infra.consistency.HealthyTable.n;
import static dev.enclave.app.infra.consistency.HealthyTable.s;
import static dev.enclave.app.infra.consistency.HealthyTable.sortKey;
import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.apikey.ApiKey;
import dev.enclave.app.domain.invitation.InvitationStatus;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.infra.store.apikey.ApiKeyReads;
import dev.enclave.app.infra.store.apikey.ApiKeyWrites;
import dev.enclave.app.infra.store.invitation.InvitationReads;
import dev.enclave.identity.UserKey;
import dev.enclave.table.TableDesign;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class InvariantsTest {

    private static final String ORG = "ORG";
    private static final String ADA_MEMBER = sortKey(HealthyTable.membershipItem(ADA, new OrganisationName("x", 1)));
    private static final String BOB_MEMBER = sortKey(HealthyTable.membershipItem(BOB, new OrganisationName("x", 1)));
    private static final String BOB_EMAIL = sortKey(HealthyTable.emailRecord(BOB));
    private static final String CLEO_INVITATION = sortKey(HealthyTable.invitationItem(CLEO_INVITED));
    private static final String CLEO_GUARD = sortKey(HealthyTable.inviteeGuard(CLEO_INVITED));
    private static final String BOB_INVITATION = sortKey(HealthyTable.invitationItem(BOB_INVITED));

    private final HealthyTable table = new HealthyTable();

    @Test
    void check_ofATableAsEnclaveWritesIt_findsNothing_andLeavesTheTenantsDataUnread() {
        Findings findings = check();

        assertThat(findings.violations()).isEmpty();
        assertThat(findings.itemsRead()).as("the control items, a lookup entry and one item of the tenant's data")
                .isEqualTo(table.controlItems() + 2);
        assertThat(findings.tenantData()).isEqualTo(1);
        assertThat(findings.tenants()).isEqualTo(1);
    }

    @Test
    void check_whenAnApiKeyLostItsLookupEntry_orAnEntryItsKey_namesEach() {
        Map<String, AttributeValue> entry = table.removeLookup();
        assertOnly(ViolationKind.KEY_LOOKUP_MISSING, "APIKEY#workerkeyaaaaaaa");

        table.put(entry).remove("APIKEY#workerkeyaaaaaaa").set(ORG, "apiKeys", AttributeValue.fromN("0"));
        Findings findings = check();
        assertThat(findings.violations()).singleElement().satisfies(violation -> {
            assertThat(violation.kind()).isEqualTo(ViolationKind.KEY_LOOKUP_WITHOUT_KEY);
            assertThat(violation.key()).isEqualTo(HealthyTable.WORKER_LOOKUP + " KEY");
        });
    }

    @Test
    void check_ofAnUnconfirmedEntryWithoutItsKey_namesItOnlyOnceThePassIsOverdue() {
        Map<String, AttributeValue> entry = table.removeLookup();
        table.remove("APIKEY#workerkeyaaaaaaa").set(ORG, "apiKeys", AttributeValue.fromN("0"));
        Instant due = Instant.parse("2026-11-26T10:00:00Z");
        table.put(unconfirmed(entry, due));

        assertThat(Invariants.check(table.items(), due.plusSeconds(30)).violations()).as("owed, not yet due").isEmpty();
        assertThat(Invariants.check(table.items(), due.plus(ApiKeyReads.SETTLED_WITHIN).minusSeconds(1))
                .violations()).as("due, within the pass's bound").isEmpty();
        assertThat(Invariants.check(table.items(), due.plus(ApiKeyReads.SETTLED_WITHIN)).violations())
                .singleElement().satisfies(violation -> {
                    assertThat(violation.kind()).isEqualTo(ViolationKind.KEY_LOOKUP_WITHOUT_KEY);
                    assertThat(violation.key()).isEqualTo(HealthyTable.WORKER_LOOKUP + " KEY");
                });
    }

    @Test
    void check_ofAnUnconfirmedEntryOfAnOrganisationGone_waitsForThePassAsWell() {
        Instant due = Instant.parse("2026-11-26T10:00:00Z");
        table.put(unconfirmed(table.removeLookup(), due)).remove(ORG);

        assertThat(Invariants.check(table.items(), due).byKind()).as("the control items alone")
                .containsExactly(Map.entry(ViolationKind.ITEM_WITHOUT_ORGANISATION, table.controlItems()));
        assertThat(Invariants.check(table.items(), due.plus(ApiKeyReads.SETTLED_WITHIN)).byKind())
                .containsExactly(Map.entry(ViolationKind.ITEM_WITHOUT_ORGANISATION, table.controlItems() + 1));
    }

    @Test
    void check_ofAnUnconfirmedEntryWhoseKeyIsThere_findsNothing() {
        table.put(unconfirmed(table.removeLookup(), Instant.parse("2026-11-26T10:00:00Z")));

        assertThat(Invariants.check(table.items(), Instant.parse("2026-12-26T10:00:00Z")).violations()).isEmpty();
    }

    @Test
    void check_whenAnItemOfAnotherIncarnationIsInThePartition_namesIt() {
        table.set("SVC#billing", "incarnation", AttributeValue.fromS("zzzz"));

        assertOnly(ViolationKind.DEAD_INCARNATION, "SVC#billing");
    }

    @Test
    void check_whenAnOrganisationIsStillDeleting_namesTheHalfDeletedOrganisation() {
        table.set(ORG, "status", s("DELETING"));

        assertOnly(ViolationKind.ORGANISATION_DELETING, ORG);
    }

    @Test
    void check_whenThePartitionHasNoOrganisationItem_namesEveryItemLeftBehind() {
        table.remove(ORG);

        Findings findings = check();

        assertThat(findings.byKind()).as("the control items and the lookup entry of its key")
                .containsExactly(Map.entry(ViolationKind.ITEM_WITHOUT_ORGANISATION, table.controlItems() + 1));
    }

    @Test
    void check_whenTheOrganisationOwesWork_namesTheUnfinishedWorkAndItsVersion() {
        table.set(ORG, "owes", s("RENAME")).set(ORG, "owedFor", AttributeValue.fromN("4"));

        Violation violation = assertOnly(ViolationKind.UNFINISHED_WORK, ORG);

        assertThat(violation.detail()).isEqualTo("owes RENAME recorded at version 4");
    }

    @Test
    void check_whenTheMemberCounterDrifted_namesIt() {
        table.set(ORG, "members", n(3));

        Violation violation = assertOnly(ViolationKind.MEMBER_COUNT, ORG);

        assertThat(violation.detail()).isEqualTo("members is 3, the partition holds 2");
    }

    @Test
    void check_whenTheOwnerCounterDriftedOrIsGone_namesIt() {
        table.set(ORG, "owners", n(2));
        assertOnly(ViolationKind.OWNER_COUNT, ORG);

        table.set(ORG, "owners", null);
        assertThat(assertOnly(ViolationKind.OWNER_COUNT, ORG).detail()).isEqualTo("owners is absent, the partition holds 1");
    }

    @Test
    void check_whenMembersRemainButNoOwner_namesTheOwnerlessOrganisation() {
        table.put(HealthyTable.membershipItem(member("ada", GroupName.MEMBER), new OrganisationName("Acme Ltd", 1)))
                .set(ORG, "owners", n(0));

        assertOnly(ViolationKind.NO_OWNER, ORG);
    }

    @Test
    void check_ofAnOnboardedOrganisationWhoseOwnerHasNotAcceptedYet_findsNothing() {
        table.remove(ADA_MEMBER).remove(sortKey(HealthyTable.emailRecord(ADA))).remove(BOB_MEMBER)
                .remove(BOB_EMAIL).remove(sortKey(HealthyTable.assignmentItem(HealthyTable.BILLING_VIEWERS, BOB.user(),
                        BOB.userId())))
                .set(ORG, "members", n(0)).set(ORG, "owners", n(0));

        assertThat(check().violations()).isEmpty();
    }

    @Test
    void check_whenTheApiKeyCounterDrifted_namesIt() {
        table.set(ORG, "apiKeys", n(3));

        assertOnly(ViolationKind.API_KEY_COUNT, ORG);
    }

    @Test
    void check_whenTheWebhookCounterDrifted_namesIt() {
        table.set(ORG, "webhooks", n(2));

        assertOnly(ViolationKind.WEBHOOK_ENDPOINT_COUNT, ORG);
    }

    @Test
    void check_whenAMembershipLostItsUserIndexEntry_namesIt() {
        table.set(BOB_MEMBER, "GSI2PK", null).set(BOB_MEMBER, "GSI2SK", null);

        assertThat(assertOnly(ViolationKind.USER_INDEX_ENTRY, BOB_MEMBER).detail())
                .isEqualTo("membership has no byUser entry");
    }

    @Test
    void check_whenAMembershipsUserIndexEntryIsSomeoneElses_namesIt() {
        table.set(BOB_MEMBER, "GSI2PK", s(ADA.user().prefix().value()));

        assertOnly(ViolationKind.USER_INDEX_ENTRY, BOB_MEMBER);
    }

    @Test
    void check_whenAnItemOtherThanAMembershipCarriesAUserIndexEntry_namesTheEntryPointingAtNoMembership() {
        table.set(BOB_EMAIL, "GSI2PK", s(BOB.user().prefix().value())).set(BOB_EMAIL, "GSI2SK", s("ORG#acme"));

        assertOnly(ViolationKind.USER_INDEX_ENTRY, BOB_EMAIL);
    }

    @Test
    void check_whenAClosedInvitationIsStillOnTheInviteesList_namesTheEntry() {
        table.set(BOB_INVITATION, "GSI2PK", HealthyTable.invitationItem(CLEO_INVITED).get("GSI2PK"))
                .set(BOB_INVITATION, "GSI2SK", s("INVITATION#acme#bobinvitationaaaaaaa"));

        assertOnly(ViolationKind.USER_INDEX_ENTRY, BOB_INVITATION);
    }

    @Test
    void check_whenAnInvitationIsInAnotherStatusCollection_namesTheEntry() {
        table.set(CLEO_INVITATION, "GSI1PK", s("TENANT#acme#INVITATIONS#revoked"));

        assertOnly(ViolationKind.COLLECTION_INDEX_ENTRY, CLEO_INVITATION);
    }

    @Test
    void check_whenAMembershipLostItsEmailRecord_namesTheMembership() {
        table.remove(BOB_EMAIL);

        assertOnly(ViolationKind.EMAIL_GUARD, BOB_MEMBER);
    }

    @Test
    void check_ofAMemberWithoutAnEmail_expectsNoEmailRecord() {
        table.set(BOB_MEMBER, "email", s("")).remove(BOB_EMAIL);

        assertThat(check().violations()).isEmpty();
    }

    @Test
    void check_ofAMembershipWhoseEmailIsNoAddress_namesItMalformed() {
        table.set(BOB_MEMBER, "email", s("bob at example.com"));

        Findings findings = check();

        assertThat(findings.of(ViolationKind.MALFORMED_ITEM)).singleElement().satisfies(violation -> {
            assertThat(violation.key()).isEqualTo(PARTITION + " " + BOB_MEMBER);
            assertThat(violation.detail()).isEqualTo("membership that its mapping refuses (IllegalArgumentException)");
        });
    }

    @Test
    void check_ofAMembershipInAGroupThatIsNoGroupName_namesItMalformed() {
        table.set(BOB_MEMBER, "groups", AttributeValue.fromSs(List.of("member", "Billing Team")));

        Findings findings = check();

        assertThat(findings.of(ViolationKind.MALFORMED_ITEM)).singleElement().satisfies(violation -> {
            assertThat(violation.key()).isEqualTo(PARTITION + " " + BOB_MEMBER);
            assertThat(violation.detail()).isEqualTo("membership that its mapping refuses (IllegalArgumentException)");
        });
    }

    @Test
    void check_whenAnEmailRecordOutlivedItsMember_namesTheRecord() {
        Membership dan = member("dan", GroupName.MEMBER);
        table.put(HealthyTable.emailRecord(dan));

        assertOnly(ViolationKind.EMAIL_GUARD, sortKey(HealthyTable.emailRecord(dan)));
    }

    @Test
    void check_whenAPendingInvitationLostItsGuard_namesTheInvitation() {
        table.remove(CLEO_GUARD);

        assertOnly(ViolationKind.INVITEE_GUARD, CLEO_INVITATION);
    }

    @Test
    void check_whenAGuardNamesAnInvitationThatIsGoneOrClosed_namesTheGuard() {
        table.remove(CLEO_INVITATION);
        assertThat(assertOnly(ViolationKind.INVITEE_GUARD, CLEO_GUARD).detail())
                .isEqualTo("invitee guard naming no invitation");

        table.put(HealthyTable.invitationItem(HealthyTable.invitation("cleoinvitationaaaaaa", "cleo",
                InvitationStatus.REVOKED)));
        assertThat(assertOnly(ViolationKind.INVITEE_GUARD, CLEO_GUARD).detail())
                .isEqualTo("invitee guard naming a revoked invitation");
    }

    @Test
    void check_ofAPendingInvitationDueToExpire_namesItOnlyOnceThePassIsOverdue_andNeverALegacyOne() {
        Instant validUntil = CLEO_INVITED.validUntil();
        assertThat(Invariants.check(table.items(), validUntil.plus(Duration.ofDays(1))).violations())
                .as("a guard written before expiries were recorded").isEmpty();

        table.set(CLEO_GUARD, "GSI3PK", AttributeValue.fromS(TableDesign.DUE_INVITATION_EXPIRIES))
                .set(CLEO_GUARD, "GSI3SK", AttributeValue.fromS(InvitationReads.expiryDueOf(CLEO_INVITED)));

        assertThat(Invariants.check(table.items(), validUntil.plus(InvitationReads.EXPIRED_WITHIN).minusSeconds(1))
                .violations()).as("due, within the pass's bound").isEmpty();
        assertThat(Invariants.check(table.items(), validUntil.plus(InvitationReads.EXPIRED_WITHIN)).violations())
                .singleElement().satisfies(violation -> {
                    assertThat(violation.kind()).isEqualTo(ViolationKind.INVITATION_EXPIRY);
                    assertThat(violation.key()).isEqualTo(PARTITION + " " + CLEO_GUARD);
                });
    }

    @Test
    void check_ofAGuardDueToExpireItsInvitationAtAnotherTime_namesTheGuard() {
        table.set(CLEO_GUARD, "GSI3PK", AttributeValue.fromS(TableDesign.DUE_INVITATION_EXPIRIES))
                .set(CLEO_GUARD, "GSI3SK", AttributeValue.fromS(InvitationReads.expiryDueOf(CLEO_INVITED.as(
                        InvitationStatus.PENDING, "tokenhash", CLEO_INVITED.validUntil().plusSeconds(1),
                        Optional.empty()))));

        assertThat(assertOnly(ViolationKind.INVITATION_EXPIRY, CLEO_GUARD).detail())
                .isEqualTo("invitee guard due to expire its invitation at another time than its validity");
    }

    @Test
    void check_ofAClosedInvitationStillDueForItsMail_namesTheInvitation_butNotAPendingOne() {
        String cleo = sortKey(HealthyTable.invitationItem(CLEO_INVITED));
        table.set(cleo, "GSI3PK", AttributeValue.fromS(TableDesign.DUE_DELIVERIES))
                .set(cleo, "GSI3SK", AttributeValue.fromS("2026-11-27T00:00:00.000Z"));
        assertThat(Invariants.check(table.items(), Instant.now()).violations()).as("pending, to be mailed").isEmpty();

        Map<String, AttributeValue> revoked = new HashMap<>(HealthyTable.invitationItem(HealthyTable.invitation(
                "danainvitationaaaaaa", "dana", InvitationStatus.REVOKED)));
        revoked.put("GSI3PK", AttributeValue.fromS(TableDesign.DUE_DELIVERIES));
        revoked.put("GSI3SK", AttributeValue.fromS("2026-11-27T00:00:00.000Z"));
        table.put(revoked);

        assertThat(assertOnly(ViolationKind.CLOSED_INVITATION_DUE, sortKey(revoked)).detail())
                .isEqualTo("REVOKED invitation still due for its mail");
    }

    @Test
    void check_whenAnAssignmentOutlivedItsMember_namesTheAssignment() {
        Membership dan = member("dan", GroupName.MEMBER);
        Map<String, AttributeValue> assignment = HealthyTable.assignmentItem(HealthyTable.BILLING_VIEWERS, dan.user(),
                dan.userId());
        table.put(assignment);

        assertOnly(ViolationKind.ASSIGNMENT_WITHOUT_MEMBER, sortKey(assignment));
    }

    @Test
    void check_whenAMembershipDoesNotRecordItsAssignment_namesTheAssignment() {
        table.set(BOB_MEMBER, "dependents", null);

        assertOnly(ViolationKind.SERVICE_GROUP_RECORD, sortKey(HealthyTable.assignmentItem(
                HealthyTable.BILLING_VIEWERS, BOB.user(), BOB.userId())));
    }

    @Test
    void check_whenAMembershipRecordsAGroupWithoutItsAssignment_namesTheMembership() {
        table.set(BOB_MEMBER, "dependents", AttributeValue.fromSs(List.of("billing/viewers", "billing/approvers")));

        assertThat(assertOnly(ViolationKind.SERVICE_GROUP_RECORD, BOB_MEMBER).detail())
                .contains("billing/approvers");
    }

    @Test
    void check_whenAnAssignmentOutlivedItsService_namesTheAssignment() {
        table.remove("SVC#billing");

        assertOnly(ViolationKind.ASSIGNMENT_WITHOUT_SERVICE, sortKey(HealthyTable.assignmentItem(
                HealthyTable.BILLING_VIEWERS, BOB.user(), BOB.userId())));
    }

    @Test
    void check_whenAMemberHasAPendingInvitation_namesTheInvitation() {
        var again = HealthyTable.invitation("bobagainaaaaaaaaaaaa", "bob", InvitationStatus.PENDING);
        table.put(HealthyTable.invitationItem(again)).put(HealthyTable.inviteeGuard(again));

        assertOnly(ViolationKind.INVITATION_FOR_MEMBER, sortKey(HealthyTable.invitationItem(again)));
    }

    @Test
    void check_whenARenameStoppedHalfWay_namesEveryMembershipWithTheOldName() {
        table.set(ORG, "name", s("Acme Group")).set(ORG, "version", n(2))
                .put(HealthyTable.membershipItem(ADA, new OrganisationName("Acme Group", 2)));

        assertOnly(ViolationKind.STALE_NAME_COPY, BOB_MEMBER);
    }

    @Test
    void check_ofItemsEnclaveNeverWrites_namesThemUnknown_exceptInTheTenantsData() {
        table.put(Map.of("PK", s(PARTITION), "SK", s("JUNK#1")))
                .put(Map.of("PK", s("SOMEWHERE#else#"), "SK", s("x")))
                .put(Map.of("PK", s("TENANT#acme#OTHER#x#"), "SK", s("x")))
                .put(Map.of("PK", s("TENANT#acme#DATA#k3j9#junk"), "SK", s("JUNK#1")));

        Findings findings = check();

        assertThat(findings.byKind()).containsExactly(Map.entry(ViolationKind.UNKNOWN_ITEM, 3L));
        assertThat(findings.violations()).extracting(Violation::key).containsExactlyInAnyOrder(
                PARTITION + " JUNK#1", "SOMEWHERE#else# x", "TENANT#acme#OTHER#x# x");
    }

    @Test
    void check_ofAUsersProfileRecord_findsNothing_butJunkInAUsersPartitionIsMalformed() {
        UserKey ada = UserKey.of("iss", "ada");
        String partition = ada.prefix().value();
        table.put(Map.of("PK", s(partition), "SK", s("PROFILE"), "type", s("profile"), "version", n(2),
                        "name", s("Ada"), "claimedPicture", s("https://img.example/ada.png"),
                        "GSI3PK", s("WORK#owed#profiles#"), "GSI3SK", s("0#" + ada.digest())))
                .put(Map.of("PK", s(UserKey.of("iss", "bob").prefix().value()), "SK", s("PROFILE"), "type",
                        s("profile"), "version", n(1), "picture", s("http://img.example/bob.png")))
                .put(Map.of("PK", s(partition), "SK", s("JUNK")));

        Findings findings = check();

        assertThat(findings.byKind()).containsExactly(Map.entry(ViolationKind.MALFORMED_ITEM, 2L));
    }

    @Test
    void check_ofAnItemItsEntitysMapperRefuses_namesItMalformed() {
        String record = "IDEMPOTENCY#" + ADA.user().digest() + "#keydigest";
        table.set(record, "requestHash", null);

        assertThat(assertOnly(ViolationKind.MALFORMED_ITEM, record).detail())
                .isEqualTo("idempotency record that its mapping refuses (NullPointerException)");
    }

    @Test
    void check_ofAMalformedServiceWithAssignments_namesItMalformed_andItsAssignmentsAsWithoutAService() {
        table.set("SVC#billing", "name", n(7));

        Findings findings = check();

        assertThat(findings.byKind()).containsExactly(Map.entry(ViolationKind.ASSIGNMENT_WITHOUT_SERVICE, 1L),
                Map.entry(ViolationKind.MALFORMED_ITEM, 1L));
        assertThat(findings.of(ViolationKind.MALFORMED_ITEM).get(0).detail())
                .isEqualTo("service that its mapping refuses (NullPointerException)");
    }

    @Test
    void check_ofAnItemClaimingAnotherTenant_namesItMalformed_andDoesNotCountIt() {
        table.set(BOB_MEMBER, "tenant", s("evil"));

        Findings findings = check();

        assertThat(findings.byKind()).containsOnlyKeys(ViolationKind.MALFORMED_ITEM, ViolationKind.MEMBER_COUNT,
                ViolationKind.EMAIL_GUARD, ViolationKind.ASSIGNMENT_WITHOUT_MEMBER);
        assertThat(findings.of(ViolationKind.MALFORMED_ITEM)).extracting(Violation::key)
                .containsExactly(PARTITION + " " + BOB_MEMBER);
    }

    /** {@code entry} as a creation or revocation that stopped half-way leaves it: owed to the pass from {@code due}. */
    private static Map<String, AttributeValue> unconfirmed(Map<String, AttributeValue> entry, Instant due) {
        ApiKey key = ApiKeyReads.API_KEY.read(entry);
        return ApiKeyWrites.unconfirmedLookupEntry(key, HealthyTable.ORGANISATION.incarnation(), due).item();
    }

    private Findings check() {
        return Invariants.check(table.items());
    }

    /** The one violation found: of {@code kind}, on the item at {@code sortKey} in acme's partition. */
    private Violation assertOnly(ViolationKind kind, String sortKey) {
        Findings findings = check();
        assertThat(findings.violations()).as("violations").hasSize(1);
        Violation violation = findings.violations().get(0);
        assertThat(violation.kind()).isEqualTo(kind);
        assertThat(violation.tenant()).isEqualTo("acme");
        assertThat(violation.key()).isEqualTo(PARTITION + " " + sortKey);
        return violation;
    }
}
