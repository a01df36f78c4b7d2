package dev.enclave.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LeadingKeyPrefixTest {

    @ParameterizedTest
    @ValueSource(strings = {"TENANT#acme", "TENANT#acme*#", "TENANT#a?c#", "TENANT#${aws:username}#", "TENANT#ac me#",
            "TENANT#\"x\"#", "tenant#acme#", "TENANT##", "TENANT#acme#x#", "TENANT#acme#DATA#",
            "TENANT#acme#DATA#k3*#", "TENANT#acme#DATA#k3#X#y#"})
    void new_whenUnsafe_isRejected(String value) {
        assertThatThrownBy(() -> new LeadingKeyPrefix(value)).isInstanceOf(IllegalArgumentException.class);
    }

    @org.junit.jupiter.api.Test
    void tenant_endsWithTheSeparatorSoNeighboursDoNotMatch() {
        LeadingKeyPrefix acme = LeadingKeyPrefix.tenant(TenantId.of("acme"));

        assertThat(acme.pattern()).isEqualTo("TENANT#acme#*");
        assertThat("TENANT#acme2#ORG".startsWith(acme.value())).isFalse();
    }

    @org.junit.jupiter.api.Test
    void dataNamespace_isATwoSegmentPrefix_andIncarnationsAreLiteral() {
        assertThat(new LeadingKeyPrefix("TENANT#acme#DATA#k3j9#").pattern()).isEqualTo("TENANT#acme#DATA#k3j9#*");
        assertThat(Incarnation.createdAt(java.time.Instant.parse("2026-11-23T20:00:00Z")).value()).matches("[a-z0-9]+");
        assertThatThrownBy(() -> new Incarnation("K3*")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Incarnation("")).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"auth0|*", "${aws:username}", "a?b", "user@example.com", "\"quoted\""})
    void userKey_ofHostileSubject_isSafeKeyMaterial(String subject) {
        UserKey key = UserKey.of("https://idp.example/", subject);

        assertThat(key.digest()).matches("[a-z2-7]{26}");
        assertThat(key.prefix().value()).isEqualTo("USER#" + key.digest() + "#");
    }

    @org.junit.jupiter.api.Test
    void userKey_dependsOnIssuerAndSubject() {
        assertThat(UserKey.of("https://a/", "u")).isNotEqualTo(UserKey.of("https://b/", "u"));
        assertThat(UserKey.of("https://a/", "u")).isEqualTo(UserKey.of("https://a/", "u"));
    }

    @org.junit.jupiter.api.Test
    void emailKey_comparesCaseInsensitively() {
        assertThat(EmailKey.of(Email.of("Ada@Example.COM"))).isEqualTo(EmailKey.of(Email.of("ada@example.com")));
    }
}
