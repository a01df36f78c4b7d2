package dev.enclave.app.domain.profile;

import dev.enclave.app.domain.text.TextRule;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The fields of a person's profile, each with its input rule. Names are text a person reads ({@link TextRule}, at
 * most {@value #NAME_MAX} code points). A phone is at most {@value #PHONE_MAX} characters of digits, spaces and
 * {@code + ( ) - .}, with 3 to 15 digits (E.164 has at most 15; separators as people write them are kept). A
 * picture is an absolute {@code https} URL of at most {@value #PICTURE_MAX} printable ASCII characters, with a host
 * and no user info; Enclave stores it and never fetches it.
 */
public enum ProfileField {
    NAME("name"),
    GIVEN_NAME("givenName"),
    FAMILY_NAME("familyName"),
    PICTURE("picture"),
    PHONE("phone");

    public static final int NAME_MAX = 256;
    public static final int PHONE_MAX = 32;
    public static final int PICTURE_MAX = 2048;
    private static final Pattern PHONE_SHAPE = Pattern.compile("\\+?[0-9 ().-]+");
    private static final Pattern PRINTABLE_ASCII = Pattern.compile("[\\x21-\\x7e]+");
    private static final int MAX_PORT = 65_535;

    private final String wire;

    ProfileField(String wire) {
        this.wire = wire;
    }

    /** The field's name in the API ({@code givenName}, …). */
    public String wire() {
        return wire;
    }

    /** Whether {@code value} is a valid value of this field. */
    public boolean admits(String value) {
        return switch (this) {
            case NAME, GIVEN_NAME, FAMILY_NAME -> TextRule.admits(value, NAME_MAX);
            case PHONE -> isPhone(value);
            case PICTURE -> isPicture(value);
        };
    }

    /** What the rule is, for a refusal's detail. */
    public String rule() {
        return switch (this) {
            case NAME, GIVEN_NAME, FAMILY_NAME -> "1-" + NAME_MAX
                    + " characters of text in NFC, without control characters";
            case PHONE -> "at most " + PHONE_MAX + " characters of digits, spaces and + ( ) - ., with 3 to 15 digits";
            case PICTURE -> "an absolute https URL of at most " + PICTURE_MAX
                    + " printable ASCII characters, with a host and no user info";
        };
    }

    private static boolean isPhone(String value) {
        if (value.length() > PHONE_MAX || !PHONE_SHAPE.matcher(value).matches() || value.isBlank()) {
            return false;
        }
        long digits = value.chars().filter(Character::isDigit).count();
        return digits >= 3 && digits <= 15;
    }

    private static boolean isPicture(String value) {
        if (value.length() > PICTURE_MAX || !PRINTABLE_ASCII.matcher(value).matches()) {
            return false;
        }
        try {
            URI uri = new URI(value);
            return uri.isAbsolute() && "https".equals(uri.getScheme().toLowerCase(Locale.ROOT))
                    && uri.getRawUserInfo() == null && uri.getHost() != null && !uri.getHost().isEmpty()
                    && uri.getPort() <= MAX_PORT;
        } catch (URISyntaxException notAUrl) {
            return false;
        }
    }
}
