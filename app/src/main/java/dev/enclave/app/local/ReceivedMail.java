package dev.enclave.app.local;

import com.icegreen.greenmail.store.StoredMessage;
import io.micronaut.serde.annotation.Serdeable;
import jakarta.mail.Address;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Multipart;
import jakarta.mail.Part;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A message as the local SMTP server received it: its plain text (of a multipart message, the text/plain part) and
 * every http(s) URL in it, so a script or test can follow an accept link without parsing mail.
 */
@Serdeable
record ReceivedMail(String to, String from, String subject, String text, List<String> links, Instant receivedAt) {

    /** An http(s) URL, without the punctuation that ends the sentence around it. */
    private static final Pattern URL = Pattern.compile("https?://[^\\s<>\"]*[^\\s<>\".,;:!?')\\]]");

    static ReceivedMail of(StoredMessage stored) {
        try {
            MimeMessage mime = stored.getMimeMessage();
            String text = plainText(mime).orElse("").replace("\r\n", "\n");
            return new ReceivedMail(addresses(mime.getRecipients(Message.RecipientType.TO)),
                    addresses(mime.getFrom()), mime.getSubject(), text, links(text),
                    stored.getReceivedDate().toInstant());
        } catch (MessagingException e) {
            throw new IllegalStateException("the local SMTP server holds a message it cannot read", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> links(String text) {
        return URL.matcher(text).results().map(match -> match.group()).toList();
    }

    private static Optional<String> plainText(Part part) throws MessagingException, IOException {
        if (part.isMimeType("text/plain")) {
            return Optional.of((String) part.getContent());
        }
        if (part.isMimeType("multipart/*")) {
            Multipart parts = (Multipart) part.getContent();
            for (int i = 0; i < parts.getCount(); i++) {
                Optional<String> text = plainText(parts.getBodyPart(i));
                if (text.isPresent()) {
                    return text;
                }
            }
        }
        return Optional.empty();
    }

    private static String addresses(Address[] addresses) {
        return addresses == null ? "" : InternetAddress.toUnicodeString(addresses);
    }
}
