package dev.enclave.app.domain.invitation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class InvitationStatusTest {

    @Test
    void parse_takesEveryWireNameInAnyCase() {
        for (InvitationStatus status : InvitationStatus.values()) {
            assertThat(InvitationStatus.parse(status.wire())).contains(status);
            assertThat(InvitationStatus.parse(status.name())).contains(status);
        }
    }

    @Test
    void parse_ofAnythingElse_isEmpty() {
        assertThat(InvitationStatus.parse("lapsed")).isEmpty();
        assertThat(InvitationStatus.parse("")).isEmpty();
    }
}
