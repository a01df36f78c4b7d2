package dev.enclave.app.domain.apikey;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.identity.TenantId;
import java.security.SecureRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ApiKeySecretTest {

    private static final SecureRandom RANDOM = new SecureRandom();

    @Test
    void issued_parsesBack_toItsOrganisationAndId_andMatchesOnlyItsOwnHash() {
        ApiKeyId id = ApiKeyId.random(RANDOM);
        ApiKeySecret secret = ApiKeySecret.issue(TenantId.of("acme-2"), id, RANDOM);

        ApiKeySecret parsed = ApiKeySecret.parse(secret.reveal()).orElseThrow();

        assertThat(parsed.tenant()).isEqualTo(TenantId.of("acme-2"));
        assertThat(parsed.id()).isEqualTo(id);
        assertThat(parsed.matches(secret.hash())).isTrue();
        assertThat(parsed.matches(ApiKeySecret.issue(TenantId.of("acme-2"), id, RANDOM).hash())).isFalse();
        assertThat(parsed.matches(null)).isFalse();
        assertThat(secret.hash()).matches("[0-9a-f]{64}").doesNotContain(secret.reveal());
        assertThat(secret.toString()).doesNotContain(secret.reveal().substring(secret.reveal().lastIndexOf('_') + 1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "enclave_", "Bearer x", "enclave_acme_aaaaaaaaaaaaaaaa_tooshort",
            "enclave_ACME_aaaaaaaaaaaaaaaa_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "enclave_acme_aaaaaaaaaaaaaaa1_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "enclave_acme_aaaaaaaaaaaaaaaa_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa_x"})
    void parse_ofAnythingElse_isEmpty(String presented) {
        assertThat(ApiKeySecret.parse(presented)).isEmpty();
    }

    @Test
    void base32_hasTheLengthAndAlphabetPromised() {
        assertThat(Base32.encode(RANDOM, 32)).matches("[a-z2-7]{52}");
        assertThat(Base32.encode(RANDOM, 10)).matches("[a-z2-7]{16}");
    }
}
