package dev.enclave.app.infra.store.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.enclave.app.domain.profile.Profile;
import dev.enclave.app.domain.profile.ProfileField;
import dev.enclave.app.domain.profile.UserProfile;
import dev.enclave.app.infra.store.ReadScope;
import dev.enclave.identity.UserKey;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ProfileItemsTest {

    private static final UserKey ADA = UserKey.of("https://idp.example/", "ada");

    @Test
    void toItemAndBack_roundTripsWhatTheUserSetAndWhatTheClaimsSaid() {
        UserProfile profile = new UserProfile(ADA, new Profile(Map.of(ProfileField.NAME, "Ada",
                ProfileField.PHONE, "+44 20 7946 0958")), new Profile(Map.of(ProfileField.NAME, "Ada Lovelace",
                ProfileField.PICTURE, "https://img.example/ada.png")), 4);

        var item = ProfileItems.toItem(profile, Instant.parse("2026-11-22T10:15:30Z"));

        assertThat(ProfileItems.fromItem(item)).isEqualTo(profile);
        assertThat(item.get("PK").s()).isEqualTo("USER#" + ADA.digest() + "#");
        assertThat(item.get("SK").s()).isEqualTo("PROFILE");
        assertThat(item.get("name").s()).isEqualTo("Ada");
        assertThat(item.get("claimedName").s()).isEqualTo("Ada Lovelace");
        assertThat(item.get("GSI3PK").s()).isEqualTo("WORK#owed#profiles#");
        assertThat(item.get("GSI3SK").s()).endsWith("#" + ADA.digest());
        assertThat(ReadScope.dueProfiles().admits(item)).isTrue();
        assertThat(ProfileItems.owner(item)).isEqualTo(ADA);
    }

    @Test
    void anItemOutsideAUsersPartition_orWithAValueThatBreaksItsRule_isRefused() {
        var item = new HashMap<>(ProfileItems.toItem(UserProfile.none(ADA).next(Profile.NONE, Profile.NONE),
                Instant.EPOCH));
        item.put("picture", AttributeValue.fromS("http://img.example/ada.png"));
        assertThatThrownBy(() -> ProfileItems.fromItem(item)).isInstanceOf(IllegalArgumentException.class);

        item.remove("picture");
        item.put("PK", AttributeValue.fromS("TENANT#acme#"));
        assertThatThrownBy(() -> ProfileItems.fromItem(item)).isInstanceOf(IllegalArgumentException.class);
        assertThat(ReadScope.dueProfiles().admits(item)).isFalse();
    }
}
