package dev.enclave.app.domain.text;

import java.text.Normalizer;

/**
 * The one rule for text a person reads: in NFC (never silently normalised: what is stored is what was sent), no
 * control characters (C0, DEL, C1), no format characters that reorder or hide text (bidi overrides, zero-width
 * joiners, tag characters), no lone surrogates, not blank, lengths counted in code points.
 */
public final class TextRule {

    /** The first code point of plane 14, the supplementary special-purpose plane (tags, variation selectors). */
    private static final int SPECIAL_PURPOSE_PLANE = 0xE0000;

    private TextRule() {
    }

    /** Whether {@code text} follows the rule with at most {@code maxCodePoints}. */
    public static boolean admits(CharSequence text, int maxCodePoints) {
        if (text.length() == 0 || text.length() > 2 * maxCodePoints || text.toString().isBlank()) {
            return false;
        }
        int[] codePoints = text.codePoints().toArray();
        for (int codePoint : codePoints) {
            if (Character.getType(codePoint) == Character.SURROGATE || forbidden(codePoint)) {
                return false;
            }
        }
        return codePoints.length <= maxCodePoints && Normalizer.isNormalized(text, Normalizer.Form.NFC);
    }

    /**
     * Controls, format characters (in every plane: the tag characters hide text too), line and paragraph
     * separators, and unassigned code points of the basic plane and from plane 14 on (those of the planes between
     * may be characters newer than this runtime knows, such as recent emoji).
     */
    private static boolean forbidden(int codePoint) {
        int type = Character.getType(codePoint);
        return type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR || type == Character.UNASSIGNED
                && (codePoint <= Character.MAX_VALUE || codePoint >= SPECIAL_PURPOSE_PLANE);
    }
}
