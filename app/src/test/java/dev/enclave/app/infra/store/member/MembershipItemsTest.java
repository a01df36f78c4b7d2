package dev.enclave.app.infra.store.member;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.member.Membership;
import dev.enclave.app.domain.organisation.OrganisationName;
import dev.enclave.app.domain.permission.GroupName;
import dev.enclave.app.domain.profile.Profile;
import dev.enclave.app.domain.profile.ProfileCopy;
import dev.enclave.app.domain.profile.ProfileField;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

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

    @Test
    void toItemAndBack_roundTripsTheProfileCopy_andAnItemWithoutOneHasNone() {
        Profile profile = new Profile(Map.of(ProfileField.NAME, "Ada Lovelace", ProfileField.PICTURE,
                "https://img.example/ada.png", ProfileField.PHONE, "+44 20 7946 0958"));
        Membership membership = new Membership(TenantId.of("acme"), UserKey.of("iss", "ada"), "ada", "iss",
                Optional.empty(), Set.of(GroupName.MEMBER), Instant.parse("2026-11-22T10:15:30Z"), 2,
                new ProfileCopy(profile, 5));

        var item = MembershipItems.toItem(membership, new OrganisationName("Acme", 1));

        assertThat(MembershipItems.fromItem(item)).isEqualTo(membership);
        assertThat(item.get("profileName").s()).isEqualTo("Ada Lovelace");
        assertThat(item.get("profileVersion").n()).isEqualTo("5");
        assertThat(item).doesNotContainKeys("profileGivenName", "profileFamilyName");
        Membership without = new Membership(TenantId.of("acme"), UserKey.of("iss", "bob"), "bob", "iss",
                Optional.empty(), Set.of(GroupName.MEMBER), Instant.parse("2026-11-22T10:15:30Z"), 1);
        var plain = MembershipItems.toItem(without, new OrganisationName("Acme", 1));
        assertThat(plain).doesNotContainKeys("profileName", "profileVersion");
        assertThat(MembershipItems.fromItem(plain).profile()).isEqualTo(ProfileCopy.NONE);
    }

    @Test
    void aCopiedValueThatBreaksItsRule_isLeftOut_andTheMembershipStillReads() {
        Membership membership = new Membership(TenantId.of("acme"), UserKey.of("iss", "eve"), "eve", "iss",
                Optional.empty(), Set.of(GroupName.MEMBER), Instant.parse("2026-11-22T10:15:30Z"), 1);
        var item = new HashMap<>(MembershipItems.toItem(membership, new OrganisationName("Acme", 1)));
        item.put("profileName", AttributeValue.fromS("Eve\u0007"));
        item.put("profilePicture", AttributeValue.fromS("http://img.example/eve.png"));

        assertThat(MembershipItems.fromItem(item).profile().profile()).isEqualTo(Profile.NONE);
    }
}
