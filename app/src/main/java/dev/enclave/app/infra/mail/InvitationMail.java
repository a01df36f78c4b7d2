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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The invitation mail: who invites the invitee to which organisation, the accept link on a line of its own, and when
 * the invitation expires; plain text with a small HTML alternative. Names are shown as one line of text (line breaks
 * and other control characters become spaces), and escaped in the HTML. Names are the inviter's and the
 * organisation's to choose, so none of them becomes a web link: a scheme's {@code ://} and a full stop of any script
 * between letters or digits are bracketed, {@code https[://]evil[.]example}, in every word but a plain email address
 * (which a client links only to write to it), and the accept link is the mail's one link.
 */
@Singleton
@Requires(property = InvitationLinkSettings.ACCEPT_LINK_TEMPLATE)
public final class InvitationMail {

    private static final DateTimeFormatter EXPIRY = DateTimeFormatter.ofPattern("d MMMM yyyy 'at' HH:mm 'UTC'",
            Locale.ENGLISH).withZone(ZoneOffset.UTC);

    /** A run of anything but white space of any kind: what a mail client might read as one link. */
    private static final Pattern WORD = Pattern.compile("[^\\s\\p{Z}]+");
    /** A plain email address, which mail clients link only to write to it: nothing after its domain. */
    private static final Pattern EMAIL = Pattern.compile("[^@/:?#\\[\\]]+@[\\p{L}\\p{N}-]+(\\.[\\p{L}\\p{N}-]+)+");
    /** Full stops: ASCII, full-width, ideographic and half-width ideographic. */
    private static final String DOTS = ".\uFF0E\u3002\uFF61";

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
        return WORD.matcher(shown).replaceAll(word -> Matcher.quoteReplacement(EMAIL.matcher(word.group()).matches()
                ? word.group() : unlinkedWord(word.group())));
    }

    /** The word with a scheme's {@code ://} and every dot (of any script) between two letters or digits bracketed. */
    private static String unlinkedWord(String word) {
        String unschemed = word.replace("://", "[://]");
        StringBuilder out = new StringBuilder(unschemed.length() + 8);
        for (int i = 0; i < unschemed.length(); ) {
            int c = unschemed.codePointAt(i);
            int next = i + Character.charCount(c);
            boolean inWord = DOTS.indexOf(c) >= 0 && i > 0 && next < unschemed.length()
                    && wordy(unschemed.codePointBefore(i)) && wordy(unschemed.codePointAt(next));
            out.append(inWord ? "[" + new String(Character.toChars(c)) + "]" : new String(Character.toChars(c)));
            i = next;
        }
        return out.toString();
    }

    private static boolean wordy(int codePoint) {
        int type = Character.getType(codePoint);
        return Character.isLetterOrDigit(codePoint) || type == Character.NON_SPACING_MARK
                || type == Character.COMBINING_SPACING_MARK || type == Character.ENCLOSING_MARK;
    }

    private static String escaped(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
                .replace("'", "&#39;");
    }
}
