package dev.enclave.app.member;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.organisation.OrganisationName;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The membership schema reads and writes exactly the items Enclave has always stored. */
class MembershipSchemaTest {

    private static final UserKey ADA = UserKey.of("https://idp.example/", "auth0|42");
    private static final Membership MEMBERSHIP = new Membership(TenantId.of("acme"), ADA, "auth0|42",
            "https://idp.example/", "ada@example.com", Set.of("owner", "member"),
            Instant.parse("2026-11-22T10:15:30Z"), 3);

    static Map<String, AttributeValue> stored() {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("PK", s("TENANT#acme#"));
        item.put("SK", s("MEMBER#" + ADA.digest()));
        item.put("GSI2PK", s("USER#" + ADA.digest() + "#"));
        item.put("GSI2SK", s("ORG#acme"));
        item.put("type", s("membership"));
        item.put("tenant", s("acme"));
        item.put("userId", s("auth0|42"));
        item.put("issuer", s("https://idp.example/"));
        item.put("email", s("ada@example.com"));
        item.put("groups", AttributeValue.fromSs(List.of("member", "owner")));
        item.put("joinedAt", s("2026-11-22T10:15:30Z"));
        item.put("version", AttributeValue.fromN("3"));
        item.put("orgName", s("Acme Ltd"));
        item.put("orgNameVersion", AttributeValue.fromN("7"));
        return item;
    }

    @Test
    void toItem_writesTheStoredItem_groupsSorted() {
        assertThat(MembershipItems.toItem(MEMBERSHIP, new OrganisationName("Acme Ltd", 7))).isEqualTo(stored());
    }

    @Test
    void storedItem_toRecordAndBack_isTheSameItem() {
        Members.UserMembership read = MembershipItems.fromItemWithName(stored());

        assertThat(read).isEqualTo(new Members.UserMembership(MEMBERSHIP, new OrganisationName("Acme Ltd", 7)));
        assertThat(MembershipItems.toItem(read.membership(), read.organisation())).isEqualTo(stored());
    }

    @Test
    void emailGuard_isTheStoredItem_andNamesItsMember() {
        Map<String, AttributeValue> guard = MembershipItems.emailGuard(MEMBERSHIP);

        assertThat(guard).containsOnlyKeys("PK", "SK", "type", "member");
        assertThat(guard.get("SK").s()).startsWith(MembershipKeys.EMAIL_GUARD_PREFIX);
        assertThat(guard.get("type").s()).isEqualTo("member-email");
        assertThat(MembershipItems.emailGuardMember(guard)).isEqualTo(ADA);
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }
}
