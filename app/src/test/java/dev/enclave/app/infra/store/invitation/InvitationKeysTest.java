package dev.enclave.app.infra.store.invitation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.invitation.InvitationStatus;
import dev.enclave.identity.TenantId;
import org.junit.jupiter.api.Test;

class InvitationKeysTest {

    private static final TenantId ACME = TenantId.of("acme");

    @Test
    void byStatusStart_isTheInvitationsKeyAndItsIndexKey() {
        String position = "2026-11-24T10:00:00.000000000Z#aaaaaaaaaaaaaaaaaaaa";

        var start = InvitationKeys.byStatusStart(ACME, InvitationStatus.PENDING, position);

        assertThat(start.get("SK").s()).isEqualTo("INVITATION#aaaaaaaaaaaaaaaaaaaa");
        assertThat(start.get("GSI1PK").s()).isEqualTo(InvitationKeys.byStatus(ACME, InvitationStatus.PENDING));
        assertThat(start.get("GSI1SK").s()).isEqualTo(position);
    }
}
