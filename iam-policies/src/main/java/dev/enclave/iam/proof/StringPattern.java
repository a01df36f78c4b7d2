package dev.enclave.iam.proof;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An IAM string value taken apart: literal text, the wildcards {@code *} and {@code ?} (where the element treats
 * them as wildcards), policy variables {@code ${key}} (resolved from the request), and symbolic parameters — a
 * sentinel id the policy was rendered with, standing for every id.
 *
 * @param pieces the parts, in order
 */
record StringPattern(List<Piece> pieces) {

    sealed interface Piece permits Text, Star, AnyChar, Variable, Parameter {
    }

    /** Literal characters. */
    record Text(String value) implements Piece {
    }

    /** {@code *}: any run of characters. */
    record Star() implements Piece {
    }

    /** {@code ?}: exactly one character. */
    record AnyChar() implements Piece {
    }

    /** {@code ${key}}: the request's single value of {@code key}; nothing matches when it has none. */
    record Variable(ContextKey key) implements Piece {
    }

    /** A symbolic string (an SMT term) where the policy holds its sentinel. */
    record Parameter(String term) implements Piece {
    }

    StringPattern {
        pieces = List.copyOf(pieces);
    }

    /**
     * Parses {@code value}; {@code parameters} maps each sentinel to the SMT term it stands for.
     *
     * @throws UnsupportedPolicyException for a variable with a default value
     */
    static StringPattern parse(String value, boolean wildcards, Map<String, String> parameters) {
        List<Piece> pieces = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        int i = 0;
        while (i < value.length()) {
            char c = value.charAt(i);
            int end = value.indexOf('}', i);
            if (c == '$' && value.startsWith("${", i) && end > 0) {
                String name = value.substring(i + 2, end);
                if (List.of("*", "?", "$").contains(name)) {
                    text.append(name);
                } else {
                    if (name.contains(",")) {
                        throw new UnsupportedPolicyException("policy variable with a default value: " + value);
                    }
                    flush(text, pieces, parameters);
                    pieces.add(new Variable(ContextKey.of(name.trim())));
                }
                i = end + 1;
                continue;
            }
            if (wildcards && (c == '*' || c == '?')) {
                flush(text, pieces, parameters);
                pieces.add(c == '*' ? new Star() : new AnyChar());
            } else {
                text.append(c);
            }
            i++;
        }
        flush(text, pieces, parameters);
        return new StringPattern(pieces);
    }

    private static void flush(StringBuilder text, List<Piece> pieces, Map<String, String> parameters) {
        String rest = text.toString();
        text.setLength(0);
        while (!rest.isEmpty()) {
            int at = Integer.MAX_VALUE;
            String found = null;
            for (String sentinel : parameters.keySet()) {
                int index = rest.indexOf(sentinel);
                if (index >= 0 && index < at) {
                    at = index;
                    found = sentinel;
                }
            }
            if (found == null) {
                pieces.add(new Text(rest));
                return;
            }
            if (at > 0) {
                pieces.add(new Text(rest.substring(0, at)));
            }
            pieces.add(new Parameter(parameters.get(found)));
            rest = rest.substring(at + found.length());
        }
    }

    /** Whether some part is only known per request or per parameter. */
    boolean symbolic() {
        return pieces.stream().anyMatch(p -> p instanceof Variable || p instanceof Parameter);
    }

    List<ContextKey> variables() {
        return pieces.stream().filter(Variable.class::isInstance).map(p -> ((Variable) p).key()).toList();
    }
}
