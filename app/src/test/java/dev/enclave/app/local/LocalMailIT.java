package dev.enclave.app.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.domain.invitation.InviteToken;
import dev.enclave.app.infra.mail.InvitationMail;
import dev.enclave.app.infra.mail.MailMessage;
import dev.enclave.app.infra.mail.MailSender;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.mail.MessagingException;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The local run's mail: what its {@link MailSender} sends lands in its own SMTP server, and {@code /local/mail} shows
 * it; a configured server takes its place, and each local run in the JVM has a server of its own.
 */
@MicronautTest(environments = "local")
class LocalMailIT extends LocalStackTest {

    private static final Email BOB = Email.of("bob@example.com");

    @Inject
    MailSender mail;

    @Inject
    InvitationMail invitations;

    @BeforeEach
    void emptyMailbox() {
        assertThat(api().send(api().request("/local/mail", null).DELETE()).status()).isEqualTo(204);
    }

    @Test
    void invitation_sentThroughTheLocalRun_isShownWithItsAcceptLink() {
        SecureRandom random = new SecureRandom();
        InviteToken token = InviteToken.issue(TenantId.of("acme"), InvitationId.random(random), random);
        Instant before = Instant.now().minusSeconds(1);

        mail.send(invitations.render("Acme Ltd", "ada@example.com", BOB, token, Instant.now().plusSeconds(3600)));

        JsonNode message = messages(api()).get(0);
        String link = "http://localhost:8080/local/accept?token=" + token.value();
        assertThat(message.get("to").asText()).isEqualTo("bob@example.com");
        assertThat(message.get("from").asText()).isEqualTo("Enclave <no-reply@enclave.local>");
        assertThat(message.get("subject").asText()).isEqualTo("Invitation to join Acme Ltd on Enclave");
        assertThat(message.get("text").asText()).startsWith("ada@example.com invited you to join Acme Ltd")
                .contains("\n" + link + "\n");
        assertThat(texts(message.get("links"))).containsExactly(link);
        assertThat(Instant.parse(message.get("receivedAt").asText())).isBetween(before, Instant.now());
    }

    @Test
    void mailbox_listsNewestFirst_withEveryLinkOfEach_untilCleared() {
        mail.send(new MailMessage(BOB, "first", "see https://one.example/a and http://two.example/b?c=d."));
        mail.send(new MailMessage(Email.of("carol@example.com"), "second", "no link"));

        List<JsonNode> messages = messages(api());
        assertThat(messages).extracting(m -> m.get("subject").asText()).containsExactly("second", "first");
        assertThat(texts(messages.get(1).get("links")))
                .containsExactly("https://one.example/a", "http://two.example/b?c=d");
        assertThat(texts(messages.get(0).get("links"))).isEmpty();

        assertThat(api().send(api().request("/local/mail", null).DELETE()).status()).isEqualTo(204);
        assertThat(messages(api())).isEmpty();
    }

    @Test
    void anotherLocalRunInTheJvm_hasASmtpServerOfItsOwn() {
        try (EmbeddedServer other = ApplicationContext.run(EmbeddedServer.class, secondRun(Map.of()), "local")) {
            other.getApplicationContext().getBean(MailSender.class).send(new MailMessage(BOB, "other", "text"));

            assertThat(messages(new Api(other.getURI()))).extracting(m -> m.get("subject").asText())
                    .containsExactly("other");
            assertThat(messages(api())).isEmpty();
        }
    }

    @Test
    void aConfiguredServer_takesThePlaceOfTheLocalOne() throws MessagingException {
        GreenMail configured = new GreenMail(new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        configured.start();
        try (EmbeddedServer other = ApplicationContext.run(EmbeddedServer.class, secondRun(Map.of(
                "enclave.mail.host", "127.0.0.1", "enclave.mail.port", configured.getSmtp().getPort(),
                "enclave.mail.security", "none", "enclave.mail.from", "Acme <mail@acme.example>",
                "enclave.mail.timeout", "5s")), "local")) {
            other.getApplicationContext().getBean(MailSender.class).send(new MailMessage(BOB, "configured", "text"));

            assertThat(configured.waitForIncomingEmail(Duration.ofSeconds(5).toMillis(), 1)).isTrue();
            assertThat(configured.getReceivedMessages()[0].getSubject()).isEqualTo("configured");
            assertThat(other.getApplicationContext().containsBean(LocalMailServer.class)).isFalse();
            assertThat(new Api(other.getURI()).hostile().get("/local/mail", null).status()).isEqualTo(404);
        } finally {
            configured.stop();
        }
    }

    private Map<String, Object> secondRun(Map<String, Object> more) {
        Map<String, Object> settings = new HashMap<>(getProperties());
        settings.put("micronaut.server.port", -1);
        settings.putAll(more);
        return settings;
    }

    private static List<JsonNode> messages(Api api) {
        Api.Reply reply = api.get("/local/mail", null);
        assertThat(reply.status()).isEqualTo(200);
        return StreamSupport.stream(reply.json().get("messages").spliterator(), false).toList();
    }

    private static List<String> texts(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false).map(JsonNode::asText).toList();
    }
}
