package dev.enclave.app.domain.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProfileTest {

    @Test
    void names_followTheTextRule_andAreBounded() {
        assertThat(ProfileField.NAME.admits("Zoë Ñúñez 山田")).isTrue();
        assertThat(ProfileField.NAME.admits("x".repeat(256))).isTrue();
        assertThat(ProfileField.NAME.admits("x".repeat(257))).isFalse();
        assertThat(ProfileField.GIVEN_NAME.admits("Ada\u0000")).isFalse();
        assertThat(ProfileField.FAMILY_NAME.admits("Ada\u202Eevil")).isFalse();
        assertThat(ProfileField.NAME.admits("Zoe\u0308")).as("not NFC").isFalse();
        assertThat(ProfileField.NAME.admits("  ")).isFalse();
    }

    @Test
    void picture_isAnAbsoluteHttpsUrl_withAHostAPortThereIsAndNoUserInfo() {
        assertThat(ProfileField.PICTURE.admits("https://img.example/a.png?s=64")).isTrue();
        assertThat(ProfileField.PICTURE.admits("http://img.example/a.png")).isFalse();
        assertThat(ProfileField.PICTURE.admits("https://user:pw@img.example/a.png")).isFalse();
        assertThat(ProfileField.PICTURE.admits("/a.png")).isFalse();
        assertThat(ProfileField.PICTURE.admits("javascript:alert(1)")).isFalse();
        assertThat(ProfileField.PICTURE.admits("https:///a.png")).isFalse();
        assertThat(ProfileField.PICTURE.admits("https://img.example:8443/a.png")).isTrue();
        assertThat(ProfileField.PICTURE.admits("https://img.example:99999/a.png")).as("no such port").isFalse();
        assertThat(ProfileField.PICTURE.admits("https://img.example/a b.png")).isFalse();
        assertThat(ProfileField.PICTURE.admits("https://img.example/" + "a".repeat(2048))).isFalse();
    }

    @Test
    void phone_isDigitsAndSeparators_withThreeToFifteenDigits() {
        assertThat(ProfileField.PHONE.admits("+1 (425) 555-1212")).isTrue();
        assertThat(ProfileField.PHONE.admits("+442079460958")).isTrue();
        assertThat(ProfileField.PHONE.admits("12")).isFalse();
        assertThat(ProfileField.PHONE.admits("+1234567890123456")).isFalse();
        assertThat(ProfileField.PHONE.admits("call me")).isFalse();
        assertThat(ProfileField.PHONE.admits("+44 20\n7946")).isFalse();
    }

    @Test
    void aProfile_cannotBeBuiltWithAnInvalidValue_butClaimsKeepOnlyTheValidOnes() {
        assertThatThrownBy(() -> new Profile(Map.of(ProfileField.PICTURE, "http://x.example/a.png")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("picture");

        Profile claims = Profile.admissible(Map.of(ProfileField.NAME, "Ada", ProfileField.PICTURE,
                "http://x.example/a.png"));

        assertThat(claims.fields()).containsOnlyKeys(ProfileField.NAME);
    }

    @Test
    void claimsWin_andEditsFillWhatTheyLack() {
        Profile edited = new Profile(Map.of(ProfileField.NAME, "Ada", ProfileField.PHONE, "+44 20 7946 0958"));
        Profile claimed = new Profile(Map.of(ProfileField.NAME, "Ada Lovelace"));

        Profile effective = edited.overlaidBy(claimed);

        assertThat(effective.fields()).isEqualTo(Map.of(ProfileField.NAME, "Ada Lovelace", ProfileField.PHONE,
                "+44 20 7946 0958"));
        assertThat(effective.agreesWith(claimed)).isTrue();
        assertThat(edited.agreesWith(claimed)).isFalse();
        assertThat(effective.with(ProfileField.PHONE, Optional.empty()).fields()).containsOnlyKeys(ProfileField.NAME);
    }
}
