package dev.enclave.app.domain.invitation;

import java.security.SecureRandom;
import java.util.Objects;
import java.util.regex.Pattern;

/** An invitation's id: 20 random lowercase base32 characters. */
public record InvitationId(String value) {

    private static final Pattern FORMAT = Pattern.compile("[a-z2-7]{20}");
    private static final char[] ALPHABET = "abcdefghijklmnopqrstuvwxyz234567".toCharArray();

    public InvitationId {
        Objects.requireNonNull(value, "value");
        if (!FORMAT.matcher(value).matches()) {
            throw new IllegalArgumentException("not an invitation id");
        }
    }

    /** Whether {@code value} is an invitation id's form. */
    public static boolean isValid(String value) {
        return value != null && FORMAT.matcher(value).matches();
    }

    public static InvitationId random(SecureRandom random) {
        char[] chars = new char[20];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = ALPHABET[random.nextInt(ALPHABET.length)];
        }
        return new InvitationId(new String(chars));
    }
}
