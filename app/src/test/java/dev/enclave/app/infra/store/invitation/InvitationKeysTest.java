package dev.enclave.app.infra.store.invitation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.invitation.Invitation;
import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.domain.invitation.InvitationStatus;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class InvitationKeysTest {

    private static final TenantId ACME = TenantId.of("acme");

    @Test
    void byStatusPositions_sortAsTheirCreationTimes_whateverTheFraction() {
        String whole = InvitationKeys.byStatusPosition(createdAt("2026-11-24T10:00:01Z"));
        String earlierWithFraction = InvitationKeys.byStatusPosition(createdAt("2026-11-24T10:00:00.5Z"));
        String laterWithMicros = InvitationKeys.byStatusPosition(createdAt("2026-11-24T10:00:01.000001Z"));

        assertThat(earlierWithFraction).isLessThan(whole);
        assertThat(whole).isLessThan(laterWithMicros);
        assertThat(whole).startsWith("2026-11-24T10:00:01.000000000Z#");
    }

    @Test
    void isByStatusPosition_acceptsWhatByStatusPositionGives_andNothingElse() {
        assertThat(InvitationKeys.isByStatusPosition(InvitationKeys.byStatusPosition(
                createdAt("2026-11-24T10:00:00Z")))).isTrue();
        assertThat(InvitationKeys.isByStatusPosition("2026-11-24T10:00:00Z#short")).isFalse();
        assertThat(InvitationKeys.isByStatusPosition("yesterday#aaaaaaaaaaaaaaaaaaaa")).isFalse();
        assertThat(InvitationKeys.isByStatusPosition("aaaaaaaaaaaaaaaaaaaa")).isFalse();
    }

    @Test
    void byStatusStart_isTheInvitationsKeyAndItsIndexKey() {
        String position = "2026-11-24T10:00:00.000000000Z#aaaaaaaaaaaaaaaaaaaa";

        var start = InvitationKeys.byStatusStart(ACME, InvitationStatus.PENDING, position);

        assertThat(start.get("SK").s()).isEqualTo("INVITATION#aaaaaaaaaaaaaaaaaaaa");
        assertThat(start.get("GSI1PK").s()).isEqualTo(InvitationKeys.byStatus(ACME, InvitationStatus.PENDING));
        assertThat(start.get("GSI1SK").s()).isEqualTo(position);
    }

    private static Invitation createdAt(String instant) {
        Instant created = Instant.parse(instant);
        return new Invitation(ACME, new InvitationId("abcdefghijklmnopqrst"), Email.of("a@example.com"), Set.of(),
                Set.of(), "hash", InvitationStatus.PENDING, created, created.plusSeconds(60), "inviter",
                Optional.empty());
    }
}
