package dev.enclave.app.infra.mail;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.enclave.app.domain.invitation.InvitationId;
import dev.enclave.app.domain.invitation.InviteToken;
import dev.enclave.identity.Email;
import dev.enclave.identity.TenantId;
import io.micronaut.core.value.MapPropertyResolver;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Map;
import java.util.regex.Pattern;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;

class InvitationMailTest {

    private static final Email BOB = Email.of("bob@example.com");
    private static final Instant EXPIRES = Instant.parse("2030-05-01T12:00:00Z");
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final InviteToken TOKEN = InviteToken.issue(TenantId.of("acme"), InvitationId.random(RANDOM),
            RANDOM);

    private final InvitationMail mail = new InvitationMail(
            new AcceptLinkTemplate("https://app.example.com/accept?token={token}&org={org}"));

    @Test
    void render_putsTheAcceptLinkOnceOnALineOfItsOwn() {
        MailMessage message = mail.render("Acme Ltd", "ada@example.com", BOB, TOKEN, EXPIRES);
        String link = "https://app.example.com/accept?token=" + TOKEN.value() + "&org=acme";

        assertThat(message.to()).isEqualTo(BOB);
        assertThat(message.subject()).isEqualTo("Invitation to join Acme Ltd on Enclave");
        assertThat(message.text().lines().filter(line -> line.equals(link))).hasSize(1);
        assertThat(message.text().split(Pattern.quote(link), -1)).hasSize(2);
        assertThat(message.text()).startsWith("ada@example.com invited you to join Acme Ltd on Enclave.")
                .contains("expires on 1 May 2030 at 12:00 UTC");
        assertThat(message.html()).get(InstanceOfAssertFactories.STRING)
                .contains("<a href=\"https://app.example.com/accept?token=" + TOKEN.value() + "&amp;org=acme\">");
    }

    @Test
    void render_showsNamesAsOneLine_andEscapesThemInTheHtml() {
        MailMessage message = mail.render("Acme\r\nBcc: eve@example.com <b>", "ada@example.com", BOB, TOKEN,
                EXPIRES);

        assertThat(message.subject()).isEqualTo("Invitation to join Acme  Bcc: eve@example.com <b> on Enclave");
        assertThat(message.text().lines().findFirst()).hasValue(
                "ada@example.com invited you to join Acme  Bcc: eve@example.com <b> on Enclave.");
        assertThat(message.html().orElseThrow()).contains("Acme  Bcc: eve@example.com &lt;b&gt;")
                .doesNotContain("<b>");
    }

    /** Names are their owners' to choose: none becomes a link that a mail from Enclave would carry. */
    @Test
    void render_letsNoNameBecomeALink_soTheAcceptLinkIsTheMailsOnlyOne() {
        MailMessage message = mail.render("Go to www.evil.example now", "Al https://evil.example/phish", BOB, TOKEN,
                EXPIRES);

        assertThat(message.text()).startsWith("Al https[://]evil[.]example/phish invited you to join Go to "
                + "www[.]evil[.]example now on Enclave.");
        assertThat(message.subject()).isEqualTo("Invitation to join Go to www[.]evil[.]example now on Enclave");
        assertThat(Pattern.compile("https?://|www\\.").matcher(message.text()).results()).hasSize(1);
        assertThat(mail.render("Acme Inc.", "J. Smith", BOB, TOKEN, EXPIRES).text())
                .as("a dot that ends a word is left").startsWith("J. Smith invited you to join Acme Inc. on Enclave.");
        assertThat(mail.render("www.evil.com/@ user@mail.evil.com/phish a@b\u00a0www.evil.com \uD835\uDC00.com evil\u3002com",
                "ada@example.com", BOB, TOKEN, EXPIRES).subject()).as("no @, odd space or script lets a link through")
                .isEqualTo("Invitation to join www[.]evil[.]com/@ user@mail[.]evil[.]com/phish a@b\u00a0www[.]evil[.]com "
                        + "\uD835\uDC00[.]com evil[\u3002]com on Enclave");
    }

    @Test
    void acceptLink_percentEncodesTheTokenAndTheOrganisation() {
        assertThat(mail.acceptLink("a b/c+d&e=f?#ü", "x&y"))
                .isEqualTo("https://app.example.com/accept?token=a%20b%2Fc%2Bd%26e%3Df%3F%23%C3%BC&org=x%26y");
        assertThat(mail.acceptLink("{org}", "acme"))
                .isEqualTo("https://app.example.com/accept?token=%7Borg%7D&org=acme");
        assertThat(mail.acceptLink(TOKEN.value(), "acme")).contains("token=" + TOKEN.value() + "&");
    }

    @Test
    void template_withoutTheTokenPlaceholder_orNotAnAbsoluteHttpUrl_isRefused() {
        assertThatThrownBy(() -> new AcceptLinkTemplate("https://app.example.com/accept?org={org}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("{token}");
        assertThatThrownBy(() -> new AcceptLinkTemplate("/accept?token={token}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("absolute http(s) URL");
        assertThatThrownBy(() -> new AcceptLinkTemplate("ftp://app.example.com/{token}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("absolute http(s) URL");
        assertThatThrownBy(() -> new AcceptLinkTemplate("https://app.example.com/{tenant}?token={token}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("only placeholders");
        assertThat(new AcceptLinkTemplate("http://localhost:8080/local/accept?token={token}").secure()).isFalse();
    }

    @Test
    void settingsCheck_wantsHttpsOutsideTheLocalRun() {
        Map<String, Object> http = Map.of(InvitationLinkSettings.ACCEPT_LINK_TEMPLATE,
                "http://localhost:8080/local/accept?token={token}");
        Map<String, Object> https = Map.of(InvitationLinkSettings.ACCEPT_LINK_TEMPLATE,
                "https://app.example.com/accept?token={token}");
        Map<String, Object> noToken = Map.of(InvitationLinkSettings.ACCEPT_LINK_TEMPLATE, "https://app.example.com/");

        assertThat(new InvitationLinkSettingsCheck(true).problems(new MapPropertyResolver(http))).isEmpty();
        assertThat(new InvitationLinkSettingsCheck(false).problems(new MapPropertyResolver(http))).singleElement()
                .asString().startsWith("enclave.invitations.accept-link-template "
                        + "(ENCLAVE_INVITATIONS_ACCEPT_LINK_TEMPLATE) must be an https URL");
        assertThat(new InvitationLinkSettingsCheck(false).problems(new MapPropertyResolver(https))).isEmpty();
        assertThat(new InvitationLinkSettingsCheck(false).problems(new MapPropertyResolver(noToken))).singleElement()
                .asString().contains("must contain {token}");
        assertThat(new InvitationLinkSettingsCheck(false).problems(new MapPropertyResolver(Map.of()))).isEmpty();
    }
}
