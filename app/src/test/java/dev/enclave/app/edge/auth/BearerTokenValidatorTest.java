package dev.enclave.app.edge.auth;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BearerTokenValidatorTest {

    @Test
    void aLoggedReason_cannotForgeLogLines_orGrowWithTheToken() {
        String reason = "unknown key id evil\r\nlevel=ERROR forged" + "x".repeat(500);

        String logged = BearerTokenValidator.printable(reason);

        assertThat(logged).doesNotContain("\r").doesNotContain("\n").startsWith("unknown key id evil??level=ERROR");
        assertThat(logged).hasSize(201);
    }
}
