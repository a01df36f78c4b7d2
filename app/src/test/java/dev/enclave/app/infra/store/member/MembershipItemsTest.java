package dev.enclave.app.infra.store.member;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.HashMap;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MembershipItemsTest {

    @Test
    void toItemAndBack_roundTripsEveryField() {
        UserKey user = UserKey.of("https://idp.example/", "auth0|42");
        Membership membership = new Membership(TenantId.of("acme"), user, "auth0|42", "https://idp.example/",
                Optional.of(Email.of("ada@example.com")), Set.of(GroupName.OWNER, GroupName.MEMBER,
                new GroupName("billing")), Instant.parse("2026-11-22T10:15:30Z"), 3);

        var item = MembershipItems.toItem(membership, new OrganisationName("Acme Ltd", 7));

        assertThat(MembershipItems.fromItem(item)).isEqualTo(membership);
        assertThat(MembershipItems.SCHEMA.fromItem(item).organisation()).isEqualTo(new OrganisationName("Acme Ltd", 7));
        assertThat(item.get("PK").s()).isEqualTo("TENANT#acme#");
        assertThat(item.get("SK").s()).isEqualTo("MEMBER#" + user.digest());
        assertThat(item.get("GSI2PK").s()).isEqualTo("USER#" + user.digest() + "#");
        assertThat(item.get("GSI2SK").s()).isEqualTo("ORG#acme");
    }

    @Test
    void organisationName_ofAnItemWrittenBeforeNamesWereCopied_isTheOrganisationIdAtVersionZero() {
        Membership membership = new Membership(TenantId.of("acme"), UserKey.of("iss", "u"), "u", "iss",
                Optional.of(Email.of("u@example.com")), Set.of(GroupName.MEMBER), Instant.parse("2026-11-22T10:15:30Z"),
                1);
        var item = new HashMap<>(MembershipItems.toItem(membership, new OrganisationName("Acme", 1)));
        item.remove("orgName");
        item.remove("orgNameVersion");

        assertThat(MembershipItems.SCHEMA.fromItem(item).organisation()).isEqualTo(new OrganisationName("acme", 0));
    }
}
