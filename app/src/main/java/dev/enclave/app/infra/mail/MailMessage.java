package dev.enclave.app.infra.mail;

import dev.enclave.identity.Email;
import java.util.Objects;
import java.util.Optional;

/**
 * One message to one recipient: a plain-text body, and optionally an HTML alternative of it. The subject is one line
 * (a line break would start a header of the sender's choosing), the recipient an {@link Email}, which has none.
 */
public record MailMessage(Email to, String subject, String text, Optional<String> html) {

    public MailMessage {
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(html, "html");
        if (subject == null || subject.isBlank() || !oneLine(subject)) {
            throw new IllegalArgumentException("a subject is one line of text, without control characters");
        }
    }

    /** A plain-text message. */
    public MailMessage(Email to, String subject, String text) {
        this(to, subject, text, Optional.empty());
    }

    /** Whether {@code text} has no control character and no Unicode line or paragraph separator. */
    static boolean oneLine(String text) {
        return text.chars().noneMatch(c -> Character.isISOControl(c) || c == '\u2028' || c == '\u2029');
    }
}
