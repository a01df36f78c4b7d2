package dev.enclave.app.infra.webhook;

import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.domain.webhook.DeliveryClock;
import dev.enclave.app.domain.webhook.RetrySchedule;
import dev.enclave.app.infra.mail.InvitationMail;
import dev.enclave.app.infra.mail.MailNotSentException;
import dev.enclave.app.infra.mail.MailSender;
import dev.enclave.app.infra.store.invitation.InvitationPostbox;
import dev.enclave.app.infra.store.invitation.InvitationPostbox.Posting;
import dev.enclave.identity.TenantId;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Mails the invitations of organisations that deliver them by email: found on the due-deliveries index (the
 * invitation's own transaction put it there), taken under a lease so one instance sends it, and tried again on the
 * webhooks' schedule when the mail server does not take it (a permanent refusal gives up at once).
 */
@Singleton
@Requires(beans = {InvitationPostbox.class, MailSender.class, InvitationMail.class})
public final class InvitationMailer {

    private static final Logger LOG = LoggerFactory.getLogger(InvitationMailer.class);

    private final InvitationPostbox postbox;
    private final MailSender sender;
    private final InvitationMail mail;
    private final WebhookSettings settings;
    private final DeliveryClock clock;
    private final MeterRegistry meters;
    private final String worker = "enclave-mail-" + UUID.randomUUID();

    InvitationMailer(InvitationPostbox postbox, MailSender sender, InvitationMail mail, WebhookSettings settings,
                     DeliveryClock clock, MeterRegistry meters) {
        this.postbox = postbox;
        this.sender = sender;
        this.mail = mail;
        this.settings = settings;
        this.clock = clock;
        this.meters = meters;
    }

    /**
     * How a mail shows an inviter whose profile has no name (or the platform, onboarding): never their identity
     * provider's subject, an id the invitee has no business reading.
     */
    static final String UNNAMED_INVITER = "Someone";

    /** Mails the invitation if it is due and nobody else is mailing it. */
    public void mail(TenantId tenant, InvitationId id) {
        String holder = worker + "/" + UUID.randomUUID();
        Optional<Posting> taken = postbox.take(tenant, id, holder, clock.now(), settings.getLease());
        taken.ifPresent(posting -> send(posting, holder));
    }

    private void send(Posting posting, String holder) {
        var invitation = posting.invitation();
        try {
            sender.send(mail.render(posting.organisationName(), invitation.inviterName().orElse(UNNAMED_INVITER),
                    invitation.email(), posting.token(), invitation.validUntil()));
            postbox.mailed(posting, holder, clock.now());
            meters.counter("enclave.invitations.mailed", "outcome", "sent").increment();
        } catch (MailNotSentException notSent) {
            Instant now = clock.now();
            Optional<Instant> next = notSent.isPermanent() ? Optional.empty()
                    : RetrySchedule.next(posting.attempts() + 1, now, Optional.<Duration>empty(),
                    () -> ThreadLocalRandom.current().nextDouble());
            LOG.warn("invitation mail not sent tenant={} invitation={} permanent={} next={}: {}",
                    invitation.tenant().value(), invitation.id().value(), notSent.isPermanent(), next.orElse(null),
                    notSent.getMessage());
            postbox.notMailed(posting, holder, next, notSent.getMessage());
            meters.counter("enclave.invitations.mailed", "outcome", next.isPresent() ? "retry" : "failed")
                    .increment();
        }
    }
}
