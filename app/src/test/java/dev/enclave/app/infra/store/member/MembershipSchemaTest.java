package dev.enclave.app.infra.store.member;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.enclave.app.domain.member.Members;
import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.support.StoredItem;
import dev.enclave.identity.Email;
import dev.enclave.identity.EmailKey;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The membership schema reads and writes exactly the items Enclave has always stored. */
class MembershipSchemaTest {

    private static final UserKey ADA = UserKey.of("https://idp.example/", "auth0|42");
    private static final Membership MEMBERSHIP = new Membership(TenantId.of("acme"), ADA, "auth0|42",
            "https://idp.example/", Optional.of(Email.of("ada@example.com")), Set.of(GroupName.OWNER, GroupName.MEMBER),
            Instant.parse("2026-11-22T10:15:30Z"), 3);

    static Map<String, AttributeValue> stored() {
        return StoredItem.inTenant("acme", "MEMBER#" + ADA.digest(), "membership")
                .s("GSI2PK", "USER#" + ADA.digest() + "#").s("GSI2SK", "ORG#acme").s("userId", "auth0|42")
                .s("issuer", "https://idp.example/").s("email", "ada@example.com")
                .with("groups", AttributeValue.fromSs(List.of("member", "owner"))).s("joinedAt", "2026-11-22T10:15:30Z")
                .n("version", 3).s("orgName", "Acme Ltd").n("orgNameVersion", 7).toMap();
    }

    @Test
    void toItem_writesTheStoredItem_groupsSorted() {
        assertThat(MembershipItems.toItem(MEMBERSHIP, new OrganisationName("Acme Ltd", 7))).isEqualTo(stored());
    }

    @Test
    void storedItem_toRecordAndBack_isTheSameItem() {
        Members.UserMembership read = MembershipItems.SCHEMA.fromItem(stored());

        assertThat(read).isEqualTo(new Members.UserMembership(MEMBERSHIP, new OrganisationName("Acme Ltd", 7)));
        assertThat(MembershipItems.toItem(read.membership(), read.organisation())).isEqualTo(stored());
    }

    @Test
    void storedGroupsOfTheirOwn_readAsGroupNames_andAreWrittenBackAsBefore() {
        Map<String, AttributeValue> stored = stored();
        stored.put("groups", AttributeValue.fromSs(List.of("admin", "billing", "member", "support-2")));

        Membership read = MembershipItems.fromItem(stored);

        assertThat(read.groups()).containsExactlyInAnyOrder(GroupName.ADMIN, new GroupName("billing"),
                GroupName.MEMBER, new GroupName("support-2"));
        assertThat(read.isAdmin()).isTrue();
        assertThat(read.isOwner()).isFalse();
        assertThat(MembershipItems.toItem(read, new OrganisationName("Acme Ltd", 7))).isEqualTo(stored);
    }

    @Test
    void storedGroupThatIsNoGroupName_isRefused() {
        Map<String, AttributeValue> stored = stored();
        stored.put("groups", AttributeValue.fromSs(List.of("member", "Not A Group")));

        assertThatThrownBy(() -> MembershipItems.fromItem(stored)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void storedItemWithoutAnEmail_readsAsNoEmail_andIsWrittenBackAsBefore() {
        Map<String, AttributeValue> stored = withoutEmail();

        Membership read = MembershipItems.fromItem(stored);

        assertThat(read.email()).isEmpty();
        assertThat(MembershipItems.toItem(read, new OrganisationName("Acme Ltd", 7))).isEqualTo(stored);
    }

    @Test
    void storedEmailInAnotherCase_readsInCanonicalForm() {
        Map<String, AttributeValue> stored = stored();
        stored.put("email", s("Ada@EXAMPLE.com"));

        assertThat(MembershipItems.fromItem(stored).email()).contains(Email.of("ada@example.com"));
    }

    @Test
    void storedEmailThatIsNoAddress_isRefused() {
        Map<String, AttributeValue> stored = stored();
        stored.put("email", s("not an address"));

        assertThatThrownBy(() -> MembershipItems.fromItem(stored)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void storedItemWithNoEmailAttribute_isRefused() {
        Map<String, AttributeValue> stored = stored();
        stored.remove("email");

        assertThatThrownBy(() -> MembershipItems.fromItem(stored)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void emailGuard_ofAMembershipWithoutAnEmail_isRefused() {
        Membership noEmail = MembershipItems.fromItem(withoutEmail());

        assertThatThrownBy(() -> EmailRecords.of(noEmail)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void emailGuard_isTheStoredItem_andNamesItsMember() {
        Map<String, AttributeValue> guard = EmailRecords.of(MEMBERSHIP);

        assertThat(guard).containsOnlyKeys("PK", "SK", "type", "member");
        assertThat(guard.get("SK").s()).isEqualTo(MembershipKeys.emailGuardKey(TenantId.of("acme"),
                EmailKey.of(Email.of("ada@example.com"))).sort());
        assertThat(guard.get("type").s()).isEqualTo("member-email");
        assertThat(EmailRecords.read(guard).member()).isEqualTo(ADA);
    }

    private static Map<String, AttributeValue> withoutEmail() {
        Map<String, AttributeValue> item = stored();
        item.put("email", s(""));
        return item;
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }
}
