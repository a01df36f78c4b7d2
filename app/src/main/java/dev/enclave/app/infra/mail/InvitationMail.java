package dev.enclave.app.infra.mail;

import dev.enclave.app.domain.invitation.InviteToken;
import dev.enclave.identity.Email;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The invitation mail: who invites the invitee to which organisation, the accept link on a line of its own, and when
 * the invitation expires; plain text with a small HTML alternative. Names are shown as one line of text (line breaks
 * and other control characters become spaces), and escaped in the HTML. Names are the inviter's and the
 * organisation's to choose, so none of them becomes a link: a scheme's {@code ://} and a dot inside a word (but in an
 * email address) are bracketed, {@code https[://]evil[.]example}, and the accept link is the mail's one link.
 */
@Singleton
@Requires(property = InvitationLinkSettings.ACCEPT_LINK_TEMPLATE)
public final class InvitationMail {

    private static final DateTimeFormatter EXPIRY = DateTimeFormatter.ofPattern("d MMMM yyyy 'at' HH:mm 'UTC'",
            Locale.ENGLISH).withZone(ZoneOffset.UTC);

    private static final Pattern DOT_IN_A_WORD = Pattern.compile("(?<=[\\p{L}\\p{N}])\\.(?=[\\p{L}\\p{N}])");

    private final AcceptLinkTemplate template;

    @Inject
    public InvitationMail(InvitationLinkSettings settings) {
        this(new AcceptLinkTemplate(settings.getAcceptLinkTemplate()));
    }

    public InvitationMail(AcceptLinkTemplate template) {
        this.template = template;
    }

    /**
     * The mail inviting {@code invitee}, from {@code inviter} (how the inviter is shown: their profile's name), to the
     * organisation shown as {@code organisationName}; the link carries {@code token} until {@code expiresAt}.
     */
    public MailMessage render(String organisationName, String inviter, Email invitee, InviteToken token,
                              Instant expiresAt) {
        String organisation = shown(organisationName);
        String from = shown(inviter);
        String link = acceptLink(token.value(), token.tenant().value());
        String expiry = EXPIRY.format(expiresAt);
        String text = from + " invited you to join " + organisation + " on Enclave.\n\n"
                + "Accept the invitation:\n"
                + link + "\n\n"
                + "The invitation expires on " + expiry + ". If you did not expect it, you can ignore this email.\n";
        String html = "<p>" + escaped(from) + " invited you to join <strong>" + escaped(organisation)
                + "</strong> on Enclave.</p>\n"
                + "<p><a href=\"" + escaped(link) + "\">Accept the invitation</a></p>\n"
                + "<p>The invitation expires on " + expiry + ". If you did not expect it, you can ignore this "
                + "email.</p>\n";
        return new MailMessage(invitee, "Invitation to join " + organisation + " on Enclave", text, Optional.of(html));
    }

    /** The accept link for {@code token} of the organisation {@code org} (its id), as invitations carry it. */
    public String acceptLink(String token, String org) {
        return template.link(token, org);
    }

    private static String shown(String name) {
        StringBuilder shown = new StringBuilder(name.length());
        name.codePoints().forEach(c -> shown.appendCodePoint(
                Character.isISOControl(c) || c == '\u2028' || c == '\u2029' ? ' ' : c));
        return unlinked(shown.toString().strip());
    }

    private static String unlinked(String shown) {
        String[] words = shown.split(" ", -1);
        for (int i = 0; i < words.length; i++) {
            String word = words[i].replace("://", "[://]");
            words[i] = word.contains("@") ? word : DOT_IN_A_WORD.matcher(word).replaceAll("[.]");
        }
        return String.join(" ", words);
    }

    private static String escaped(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
                .replace("'", "&#39;");
    }
}
