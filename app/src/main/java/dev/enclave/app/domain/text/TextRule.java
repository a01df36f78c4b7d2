package dev.enclave.app.domain.text;

import java.text.Normalizer;

/**
 * The one rule for text a person reads: in NFC (never silently normalised: what is stored is what was sent), no
 * control characters (C0, DEL, C1), no format characters that reorder or hide text (bidi overrides, zero-width
 * joiners), no lone surrogates, not blank, lengths counted in code points.
 */
public final class TextRule {

    private TextRule() {
    }

    /** Whether {@code text} follows the rule with at most {@code maxCodePoints}. */
    public static boolean admits(CharSequence text, int maxCodePoints) {
        if (text.length() == 0 || text.length() > 2 * maxCodePoints || text.toString().isBlank()) {
            return false;
        }
        int codePoints = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c) || forbidden(c)) {
                return false;
            }
            codePoints++;
        }
        return codePoints <= maxCodePoints && Normalizer.isNormalized(text, Normalizer.Form.NFC);
    }

    private static boolean forbidden(char c) {
        int type = Character.getType(c);
        return type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR || type == Character.UNASSIGNED;
    }
}
