package dev.enclave.app.infra.mail;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import dev.enclave.identity.Email;
import jakarta.mail.Message;
import jakarta.mail.Multipart;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SmtpMailSenderTest {

    private static final Email BOB = Email.of("bob@example.com");
    private static final Instant NOW = Instant.parse("2030-01-02T03:04:05Z");

    private static final String FROM = "Enclave <no-reply@enclave.test>";

    private final Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
    private GreenMail server;

    @BeforeEach
    void startServer() {
        server = new GreenMail(new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        server.start();
    }

    @AfterEach
    void stopServer() {
        server.stop();
    }

    @Test
    void send_plainText_arrivesWithItsSubjectSenderRecipientTextAndDate() throws Exception {
        sender(MailSettings.Security.NONE).send(new MailMessage(BOB, "Join Acme — café", "Hello Bob\nBye"));

        MimeMessage received = onlyMessage();
        assertThat(received.getSubject()).isEqualTo("Join Acme — café");
        assertThat(received.getFrom()).hasSize(1);
        assertThat(((InternetAddress) received.getFrom()[0]).toUnicodeString())
                .isEqualTo(FROM);
        assertThat(received.getRecipients(Message.RecipientType.TO)).containsExactly(new InternetAddress(BOB.value()));
        assertThat(received.isMimeType("text/plain")).isTrue();
        assertThat(text(received.getContent())).isEqualTo("Hello Bob\nBye");
        assertThat(received.getSentDate().toInstant()).isEqualTo(NOW);
    }

    @Test
    void send_withHtml_arrivesAsTextAndHtmlAlternatives() throws Exception {
        sender(MailSettings.Security.NONE).send(new MailMessage(BOB, "Hi", "plain", Optional.of("<p>rich</p>")));

        MimeMessage received = onlyMessage();
        assertThat(received.isMimeType("multipart/alternative")).isTrue();
        Multipart parts = (Multipart) received.getContent();
        assertThat(parts.getCount()).isEqualTo(2);
        assertThat(parts.getBodyPart(0).isMimeType("text/plain")).isTrue();
        assertThat(text(parts.getBodyPart(0).getContent())).isEqualTo("plain");
        assertThat(parts.getBodyPart(1).isMimeType("text/html")).isTrue();
        assertThat(text(parts.getBodyPart(1).getContent())).isEqualTo("<p>rich</p>");
    }

    @Test
    void message_withALineBreakInItsSubjectOrRecipient_cannotBeMade() {
        assertThatThrownBy(() -> new MailMessage(BOB, "Hi\r\nBcc: eve@example.com", "text"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new MailMessage(BOB, "Hi\nthere", "text"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new MailMessage(BOB, "Hi\u2028there", "text"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(Email.parse("bob@example.com\r\nBcc: eve@example.com")).isEmpty();
        assertThat(Email.parse("bob@example.com\nBcc: eve@example.com")).isEmpty();
        assertThat(server.getReceivedMessages()).isEmpty();
    }

    @Test
    void send_toARecipientTheServerRefusesForGood_isPermanent() throws IOException {
        try (ScriptedSmtpServer refusing = new ScriptedSmtpServer("550 5.1.1 <bob@example.com>: no such user")) {
            MailNotSentException notSent = sendThrough(refusing.port(), MailSettings.Security.NONE);

            assertThat(notSent.isPermanent()).isTrue();
            assertThat(notSent).hasMessageContaining("550");
        }
    }

    @Test
    void send_toARecipientTheServerRefusesForNow_isTransient() throws IOException {
        try (ScriptedSmtpServer busy = new ScriptedSmtpServer("451 4.3.0 try again later")) {
            MailNotSentException notSent = sendThrough(busy.port(), MailSettings.Security.NONE);

            assertThat(notSent.isPermanent()).isFalse();
            assertThat(notSent).hasMessageContaining("451");
        }
    }

    @Test
    void send_toAPortNobodyListensOn_isTransient() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }

        MailNotSentException notSent = sendThrough(closed, MailSettings.Security.NONE);

        assertThat(notSent.isPermanent()).isFalse();
        assertThat(notSent).hasMessageContaining("no answer from the SMTP server");
    }

    @Test
    void send_withStarttls_toAServerWithoutIt_sendsNothingAndIsTransient() throws Exception {
        MailNotSentException notSent = sendThrough(server.getSmtp().getPort(), MailSettings.Security.STARTTLS);

        assertThat(notSent.isPermanent()).isFalse();
        assertThat(server.getReceivedMessages()).isEmpty();
    }

    @Test
    void sender_isOneAddressWithAnOptionalName() {
        assertThat(SmtpMailSender.sender("Enclave <no-reply@example.com>").getAddress())
                .isEqualTo("no-reply@example.com");
        assertThat(SmtpMailSender.sender("no-reply@example.com").getPersonal()).isNull();
        assertThatThrownBy(() -> SmtpMailSender.sender("a@example.com, b@example.com"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one address");
        assertThatThrownBy(() -> SmtpMailSender.sender("no-reply@example.com\r\nBcc: eve@example.com"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SmtpMailSender.sender("Enclave")).isInstanceOf(IllegalArgumentException.class);
    }

    private MailNotSentException sendThrough(int port, MailSettings.Security security) {
        SmtpMailSender sender = new SmtpMailSender(settings(port, security), clock);
        return catchThrowableOfType(MailNotSentException.class,
                () -> sender.send(new MailMessage(BOB, "Hi", "text")));
    }

    private SmtpMailSender sender(MailSettings.Security security) {
        return new SmtpMailSender(settings(server.getSmtp().getPort(), security), clock);
    }

    /** A server on the loopback address, the security the test chooses, a short timeout. */
    private static MailSettings settings(int port, MailSettings.Security security) {
        return new FixedMailSettings("127.0.0.1", port, FROM, security, Duration.ofSeconds(5));
    }

    private MimeMessage onlyMessage() {
        assertThat(server.getReceivedMessages()).hasSize(1);
        return server.getReceivedMessages()[0];
    }

    private static String text(Object content) {
        return ((String) content).replace("\r\n", "\n");
    }
}
