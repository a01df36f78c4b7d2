package dev.enclave.sandbox.iam;

import java.util.BitSet;

/**
 * An IAM pattern with its variables resolved: literal characters and the wildcards {@code *} (any run of
 * characters, possibly empty) and {@code ?} (exactly one). A literal {@code *} or {@code ?} (from the escapes
 * {@code ${*}} and {@code ${?}}) is not a wildcard. Matched directly, without compiling a regular expression, as
 * the gateway evaluates patterns on every request.
 */
final class Glob {

    private final String text;
    private final BitSet wildcards;
    private final boolean ignoreCase;

    private Glob(String text, BitSet wildcards, boolean ignoreCase) {
        this.text = text;
        this.wildcards = wildcards;
        this.ignoreCase = ignoreCase;
    }

    /** Collects a pattern character by character. */
    static final class Builder {

        private final StringBuilder text = new StringBuilder();
        private final BitSet wildcards = new BitSet();

        Builder literal(CharSequence characters) {
            text.append(characters);
            return this;
        }

        Builder wildcard(char wildcard) {
            wildcards.set(text.length());
            text.append(wildcard);
            return this;
        }

        Glob build(boolean ignoreCase) {
            return new Glob(text.toString(), wildcards, ignoreCase);
        }
    }

    /** Whether the whole of {@code value} matches. */
    boolean matches(String value) {
        int p = 0;
        int v = 0;
        int star = -1;
        int resumeAt = 0;
        while (v < value.length()) {
            if (p < text.length() && isWildcard(p, '*')) {
                star = p++;
                resumeAt = v;
            } else if (p < text.length() && (isWildcard(p, '?') || same(text.charAt(p), value.charAt(v)))) {
                p++;
                v++;
            } else if (star >= 0) {
                p = star + 1;
                v = ++resumeAt;
            } else {
                return false;
            }
        }
        while (p < text.length() && isWildcard(p, '*')) {
            p++;
        }
        return p == text.length();
    }

    private boolean isWildcard(int position, char wildcard) {
        return wildcards.get(position) && text.charAt(position) == wildcard;
    }

    private boolean same(char a, char b) {
        return a == b || ignoreCase && (Character.toUpperCase(a) == Character.toUpperCase(b)
                || Character.toLowerCase(a) == Character.toLowerCase(b));
    }
}
