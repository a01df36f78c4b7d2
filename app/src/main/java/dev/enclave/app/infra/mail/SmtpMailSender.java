package dev.enclave.app.infra.mail;

import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import jakarta.mail.AuthenticationFailedException;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeBodyPart;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Date;
import java.util.Optional;
import java.util.Properties;
import org.eclipse.angus.mail.smtp.SMTPAddressFailedException;
import org.eclipse.angus.mail.smtp.SMTPSendFailedException;
import org.eclipse.angus.mail.smtp.SMTPSenderFailedException;

/**
 * Sends mail over SMTP with Jakarta Mail, one connection per message. With {@code starttls} or {@code tls} the
 * server's certificate and host name are checked, and nothing, credentials included, is sent before the connection
 * is encrypted.
 */
@Singleton
@Requires(property = MailSettings.HOST)
public final class SmtpMailSender implements MailSender {

    private static final String UTF_8 = StandardCharsets.UTF_8.name();

    private final Session session;
    private final InternetAddress from;
    private final Optional<String> username;
    private final Optional<String> password;
    private final Clock clock;

    public SmtpMailSender(MailSettings settings, Clock clock) {
        this.session = Session.getInstance(properties(settings));
        this.from = sender(settings.getFrom());
        this.username = settings.getUsername();
        this.password = settings.getPassword();
        this.clock = clock;
    }

    @Override
    public void send(MailMessage message) {
        try {
            MimeMessage mime = mime(message);
            if (username.isPresent()) {
                Transport.send(mime, username.get(), password.orElse(""));
            } else {
                Transport.send(mime);
            }
        } catch (MessagingException e) {
            throw notSent(e);
        }
    }

    /** The one sender address {@code from} names; IllegalArgumentException saying why when it names none. */
    static InternetAddress sender(String from) {
        if (from == null || !MailMessage.oneLine(from)) {
            throw new IllegalArgumentException("must be one address on one line: Enclave <no-reply@example.com>");
        }
        try {
            InternetAddress[] addresses = InternetAddress.parse(from, true);
            if (addresses.length != 1) {
                throw new IllegalArgumentException("must be one address, not " + addresses.length + ": '" + from + "'");
            }
            addresses[0].validate();
            return addresses[0];
        } catch (AddressException e) {
            throw new IllegalArgumentException("must be an address such as Enclave <no-reply@example.com>, not '"
                    + from + "'");
        }
    }

    private MimeMessage mime(MailMessage message) throws MessagingException {
        MimeMessage mime = new MimeMessage(session);
        mime.setFrom(from);
        mime.setRecipient(Message.RecipientType.TO, new InternetAddress(message.to().value(), true));
        mime.setSubject(message.subject(), UTF_8);
        mime.setSentDate(Date.from(clock.instant()));
        if (message.html().isEmpty()) {
            mime.setText(message.text(), UTF_8);
        } else {
            mime.setContent(alternatives(message.text(), message.html().get()));
        }
        return mime;
    }

    private static MimeMultipart alternatives(String text, String html) throws MessagingException {
        MimeBodyPart plain = new MimeBodyPart();
        plain.setText(text, UTF_8);
        MimeBodyPart rich = new MimeBodyPart();
        rich.setText(html, UTF_8, "html");
        return new MimeMultipart("alternative", plain, rich);
    }

    private static Properties properties(MailSettings settings) {
        String timeout = String.valueOf(settings.getTimeout().toMillis());
        Properties properties = new Properties();
        properties.setProperty("mail.smtp.host", settings.getHost());
        properties.setProperty("mail.smtp.port", String.valueOf(settings.getPort()));
        properties.setProperty("mail.smtp.connectiontimeout", timeout);
        properties.setProperty("mail.smtp.timeout", timeout);
        properties.setProperty("mail.smtp.writetimeout", timeout);
        properties.setProperty("mail.smtp.auth", String.valueOf(settings.getUsername().isPresent()));
        switch (settings.getSecurity()) {
            case STARTTLS -> {
                properties.setProperty("mail.smtp.starttls.enable", "true");
                properties.setProperty("mail.smtp.starttls.required", "true");
                properties.setProperty("mail.smtp.ssl.checkserveridentity", "true");
            }
            case TLS -> {
                properties.setProperty("mail.smtp.ssl.enable", "true");
                properties.setProperty("mail.smtp.ssl.checkserveridentity", "true");
            }
            case NONE -> {
            }
        }
        return properties;
    }

    /**
     * Permanent for an unusable address and for a 5xx answer to the message or its recipient; transient for
     * everything else, refused credentials included: they fail every message alike until they are fixed, and each
     * message goes once they are.
     */
    static MailNotSentException notSent(MessagingException e) {
        if (e instanceof AuthenticationFailedException) {
            return new MailNotSentException("the SMTP server refused the credentials: " + e.getMessage(), false, e);
        }
        Optional<Integer> code = returnCode(e);
        boolean permanent = e instanceof AddressException || code.filter(c -> c >= 500 && c < 600).isPresent();
        String answer = code.map(c -> "the SMTP server answered " + c).orElse("no answer from the SMTP server");
        return new MailNotSentException("mail not sent (" + answer + "): " + e.getMessage(), permanent, e);
    }

    /** The SMTP reply code of the refusal in {@code e}'s chain, if the server refused anything. */
    private static Optional<Integer> returnCode(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SMTPAddressFailedException refused) {
                return Optional.of(refused.getReturnCode());
            }
            if (t instanceof SMTPSenderFailedException refused) {
                return Optional.of(refused.getReturnCode());
            }
            if (t instanceof SMTPSendFailedException refused) {
                return Optional.of(refused.getReturnCode());
            }
        }
        return Optional.empty();
    }
}
