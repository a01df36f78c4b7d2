package dev.enclave.app.domain.invitation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.event.Actor;
import dev.enclave.app.domain.event.EventType;
import dev.enclave.app.domain.event.NewEvent;
import dev.enclave.app.domain.event.Target;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class InvitationExpiryTest {

    private static final Instant VALID_UNTIL = Instant.parse("2026-12-03T10:15:30Z");
    private static final Invitation PENDING = new Invitation(TenantId.of("acme"),
            new InvitationId("aaaaaaaaaaaaaaaaaaaa"), Email.of("bob@example.com"), Set.of(), Set.of(), "hash",
            InvitationStatus.PENDING, VALID_UNTIL.minusSeconds(7 * 86_400), VALID_UNTIL, "ada", Optional.empty());

    @Test
    void aPendingInvitation_expiresAtItsValidity_notBefore() {
        assertThat(InvitationExpiry.judge(Optional.of(PENDING), VALID_UNTIL.minusNanos(1)))
                .isEqualTo(InvitationExpiry.WAIT);
        assertThat(InvitationExpiry.judge(Optional.of(PENDING), VALID_UNTIL)).isEqualTo(InvitationExpiry.EXPIRE);
        assertThat(InvitationExpiry.judge(Optional.of(PENDING), VALID_UNTIL.plusSeconds(60)))
                .isEqualTo(InvitationExpiry.EXPIRE);
    }

    @Test
    void anInvitationThatLeftPendingOtherwise_orIsGone_neverExpires_itsEntryIsForgotten() {
        for (InvitationStatus status : InvitationStatus.values()) {
            if (status != InvitationStatus.PENDING) {
                Invitation closed = PENDING.as(status, PENDING.tokenHash(), VALID_UNTIL, Optional.empty());
                assertThat(InvitationExpiry.judge(Optional.of(closed), VALID_UNTIL.plusSeconds(60))).as(status.wire())
                        .isEqualTo(InvitationExpiry.FORGET);
            }
        }
        assertThat(InvitationExpiry.judge(Optional.empty(), VALID_UNTIL)).isEqualTo(InvitationExpiry.FORGET);
    }

    @Test
    void theExpiredEvent_isTheSystems_namesTheInvitation_andCarriesNoToken() {
        NewEvent event = InvitationEvents.expired(PENDING);

        assertThat(event.type()).isEqualTo(EventType.INVITATION_EXPIRED);
        assertThat(event.actor()).contains(Actor.SYSTEM);
        assertThat(event.targets()).containsExactly(Target.invitation("aaaaaaaaaaaaaaaaaaaa"));
        assertThat(event.changes()).isEqualTo(Map.of("email", "bob@example.com",
                "validUntil", "2026-12-03T10:15:30Z"));
    }
}
