package dev.enclave.app.infra.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.domain.invitation.Invitation;
import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.domain.invitation.InvitationStatus;
import dev.enclave.app.domain.invitation.InviteToken;
import dev.enclave.app.domain.webhook.DeliveryClock;
import dev.enclave.app.infra.mail.AcceptLinkTemplate;
import dev.enclave.app.infra.mail.InvitationMail;
import dev.enclave.app.infra.mail.MailMessage;
import dev.enclave.app.infra.mail.MailNotSentException;
import dev.enclave.app.infra.store.invitation.InvitationPostbox;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The mailer sends what it took, says so, and when the mail server does not take it, tries again on the schedule
 * (a refusal for now) or gives up (a permanent one); what it did not take it does not send.
 */
class InvitationMailerTest {

    private static final Instant NOW = Instant.parse("2026-11-26T10:00:00Z");
    private static final TenantId ACME = TenantId.of("acme");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Postbox postbox = new Postbox();
    private final List<MailMessage> sent = new ArrayList<>();

    @Test
    void aMailTheServerTakes_isMarkedMailed_withTheAcceptLink() {
        mailer(message -> sent.add(message)).mail(ACME, postbox.invitation.id());

        assertThat(sent).singleElement().satisfies(message -> {
            assertThat(message.to()).isEqualTo(Email.of("bob@example.com"));
            assertThat(message.text()).contains("https://app.example/accept?token=" + postbox.token.value());
            assertThat(message.text()).as("an inviter without a name, shown without their identity provider's id")
                    .startsWith("Someone invited you to join Acme Ltd");
        });
        assertThat(postbox.outcomes).containsExactly("mailed");
    }

    @Test
    void aRefusalForNow_isTriedAgainOnTheSchedule() {
        mailer(message -> {
            throw new MailNotSentException("451 try later", false, null);
        }).mail(ACME, postbox.invitation.id());

        assertThat(postbox.outcomes).singleElement().satisfies(outcome -> assertThat(outcome)
                .startsWith("retry at ").contains("451 try later"));
        Instant next = Instant.parse(postbox.outcomes.get(0).split(" ")[2]);
        assertThat(next).isBetween(NOW.plusSeconds(4), NOW.plusSeconds(6));
    }

    @Test
    void aPermanentRefusal_givesUp() {
        mailer(message -> {
            throw new MailNotSentException("550 no such user", true, null);
        }).mail(ACME, postbox.invitation.id());

        assertThat(postbox.outcomes).containsExactly("given up: 550 no such user");
    }

    @Test
    void anInvitationNotTaken_isNotSent() {
        postbox.takeable = false;
        mailer(message -> sent.add(message)).mail(ACME, postbox.invitation.id());

        assertThat(sent).isEmpty();
        assertThat(postbox.outcomes).isEmpty();
    }

    private InvitationMailer mailer(dev.enclave.app.infra.mail.MailSender sender) {
        return new InvitationMailer(postbox, sender, new InvitationMail(new AcceptLinkTemplate(
                "https://app.example/accept?token={token}")), settings(),
                new DeliveryClock(Clock.fixed(NOW, ZoneOffset.UTC)), new SimpleMeterRegistry());
    }

    private static WebhookSettings settings() {
        return new WebhookSettings() {
            @Override
            public int getMaximumEndpoints() {
                return 10;
            }

            @Override
            public Duration getRotationOverlap() {
                return Duration.ofHours(24);
            }

            @Override
            public Duration getFailureWindow() {
                return Duration.ofDays(5);
            }

            @Override
            public int getConcurrency() {
                return 1;
            }

            @Override
            public Duration getLease() {
                return Duration.ofSeconds(60);
            }
        };
    }

    /** One pending invitation due for its email, and what the mailer said about it. */
    private static final class Postbox implements InvitationPostbox {

        final InvitationId id = InvitationId.random(RANDOM);
        final InviteToken token = InviteToken.issue(ACME, id, RANDOM);
        final Invitation invitation = new Invitation(ACME, id, Email.of("bob@example.com"), Set.of(), Set.of(),
                token.hash(), InvitationStatus.PENDING, NOW, NOW.plus(Duration.ofDays(7)), "ada", Optional.empty());
        final List<String> outcomes = new ArrayList<>();
        boolean takeable = true;

        @Override
        public Optional<Posting> take(TenantId tenant, InvitationId taken, String holder, Instant now,
                                      Duration lease) {
            return takeable && taken.equals(id) ? Optional.of(new Posting(invitation, token, "Acme Ltd", 0))
                    : Optional.empty();
        }

        @Override
        public boolean mailed(Posting posting, String holder, Instant now) {
            outcomes.add("mailed");
            return true;
        }

        @Override
        public boolean notMailed(Posting posting, String holder, Optional<Instant> next, String fault) {
            outcomes.add(next.map(at -> "retry at " + at + " " + fault).orElse("given up: " + fault));
            return true;
        }

        @Override
        public Optional<InviteToken> webhookToken(TenantId tenant, InvitationId invitationId) {
            return Optional.empty();
        }
    }
}
