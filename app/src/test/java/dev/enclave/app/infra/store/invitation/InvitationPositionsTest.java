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

/** An invitation's position in its status list: what a page cursor carries. */
class InvitationPositionsTest {

    private static final TenantId ACME = TenantId.of("acme");

    @Test
    void positions_sortAsTheirCreationTimes_whateverTheFraction() {
        String whole = InvitationPositions.of(createdAt("2026-11-24T10:00:01Z"));
        String earlierWithFraction = InvitationPositions.of(createdAt("2026-11-24T10:00:00.5Z"));
        String laterWithMicros = InvitationPositions.of(createdAt("2026-11-24T10:00:01.000001Z"));

        assertThat(earlierWithFraction).isLessThan(whole);
        assertThat(whole).isLessThan(laterWithMicros);
        assertThat(whole).startsWith("2026-11-24T10:00:01.000000000Z#");
    }

    @Test
    void isPosition_acceptsWhatOfGives_andNothingElse() {
        assertThat(InvitationPositions.isPosition(InvitationPositions.of(
                createdAt("2026-11-24T10:00:00Z")))).isTrue();
        assertThat(InvitationPositions.isPosition("2026-11-24T10:00:00Z#short")).isFalse();
        assertThat(InvitationPositions.isPosition("yesterday#aaaaaaaaaaaaaaaaaaaa")).isFalse();
        assertThat(InvitationPositions.isPosition("aaaaaaaaaaaaaaaaaaaa")).isFalse();
    }

    private static Invitation createdAt(String instant) {
        Instant created = Instant.parse(instant);
        return new Invitation(ACME, new InvitationId("abcdefghijklmnopqrst"), Email.of("a@example.com"), Set.of(),
                Set.of(), "hash", InvitationStatus.PENDING, created, created.plusSeconds(60), "inviter",
                Optional.empty());
    }
}
