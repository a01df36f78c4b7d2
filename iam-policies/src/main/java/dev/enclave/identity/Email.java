package dev.enclave.identity;

import com.ibm.icu.text.IDNA;
import com.ibm.icu.text.Normalizer2;
import java.util.Objects;
import java.util.Optional;

/**
 * An email address in the one form Enclave compares, stores and keys: two addresses are the same mailbox only when
 * their canonical forms are equal. The rule: the address must already be in NFC (a Kelvin sign or a decomposed
 * {@code ë} is refused, never silently folded); the local part (before the last {@code @}) folds ASCII letters to
 * lower case and keeps every other character exactly (so {@code ſam} or Cyrillic look-alikes stay different
 * mailboxes); the domain is compared in its IDNA
 * form (UTS #46, non-transitional, STD3 rules: {@code BÜCHER.de} is {@code xn--bcher-kva.de}, {@code bıgcorp.com}
 * is {@code xn--bgcorp-4cb.com}, not {@code bigcorp.com}). Controls, spaces, lone surrogates and invalid domains are
 * refused.
 *
 * @param value the canonical form
 */
public record Email(String value) {

    /** RFC 5321: 64 octets of local part, 254 octets of path. */
    public static final int MAX_LOCAL_OCTETS = 64;
    public static final int MAX_LENGTH = 254;

    private static final Normalizer2 NFC = Normalizer2.getNFCInstance();
    private static final IDNA DOMAINS = IDNA.getUTS46Instance(IDNA.NONTRANSITIONAL_TO_ASCII | IDNA.USE_STD3_RULES
            | IDNA.CHECK_BIDI | IDNA.CHECK_CONTEXTJ);

    public Email {
        Objects.requireNonNull(value, "value");
        if (!canonical(value).map(value::equals).orElse(false)) {
            throw new IllegalArgumentException("not a canonical email address");
        }
    }

    /** The address in canonical form, if it is one. */
    public static Optional<Email> parse(String address) {
        return address == null ? Optional.empty() : canonical(address).map(Email::new);
    }

    /** The address in canonical form; {@link IllegalArgumentException} when it is not an email address. */
    public static Email of(String address) {
        return parse(address).orElseThrow(() -> new IllegalArgumentException("not an email address"));
    }

    private static Optional<String> canonical(String address) {
        if (address.length() > 4 * MAX_LENGTH || !wellFormedText(address)) {
            return Optional.empty();
        }
        if (!NFC.isNormalized(address)) {
            return Optional.empty();
        }
        int at = address.lastIndexOf('@');
        if (at <= 0 || at == address.length() - 1) {
            return Optional.empty();
        }
        String local = asciiLowerCase(address.substring(0, at));
        Optional<String> domain = asciiDomain(address.substring(at + 1));
        if (domain.isEmpty() || local.indexOf('@') >= 0
                || local.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > MAX_LOCAL_OCTETS) {
            return Optional.empty();
        }
        String canonical = local + "@" + domain.get();
        return canonical.length() <= MAX_LENGTH ? Optional.of(canonical) : Optional.empty();
    }

    private static boolean wellFormedText(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c) || Character.isWhitespace(c) || Character.isSpaceChar(c)) {
                return false;
            }
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return false;
            }
        }
        return true;
    }

    private static String asciiLowerCase(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            out.append(c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c);
        }
        return out.toString();
    }

    private static Optional<String> asciiDomain(String domain) {
        IDNA.Info info = new IDNA.Info();
        StringBuilder ascii = DOMAINS.nameToASCII(domain, new StringBuilder(), info);
        String name = ascii.toString();
        if (info.hasErrors() || name.isEmpty() || name.endsWith(".") || name.length() > 253) {
            return Optional.empty();
        }
        return Optional.of(name);
    }
}
