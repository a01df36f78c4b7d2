package dev.enclave.iam.proof;

import java.util.List;
import java.util.stream.Collectors;

/** SMT-LIB 2.6 text for the theory of strings: terms are plain strings, built by these functions only. */
final class Smt {

    static final String TRUE = "true";
    static final String FALSE = "false";

    private Smt() {
    }

    /** A string literal: {@code "} doubled, anything outside printable ASCII (and the backslash) as {@code \\u{..}}. */
    static String str(String value) {
        StringBuilder out = new StringBuilder("\"");
        value.codePoints().forEach(c -> {
            if (c == '"') {
                out.append("\"\"");
            } else if (c < 0x20 || c > 0x7e || c == '\\') {
                out.append("\\u{").append(Integer.toHexString(c)).append('}');
            } else {
                out.appendCodePoint(c);
            }
        });
        return out.append('"').toString();
    }

    /** A quoted symbol, so names may hold {@code :} and {@code /} as context keys do. */
    static String symbol(String name) {
        if (name.contains("|") || name.contains("\\")) {
            throw new IllegalArgumentException("not usable in an SMT-LIB symbol: " + name);
        }
        return "|" + name + "|";
    }

    /** The name a quoted symbol stands for. */
    static String unquote(String symbol) {
        return symbol.startsWith("|") ? symbol.substring(1, symbol.length() - 1) : symbol;
    }

    static String and(List<String> terms) {
        List<String> kept = terms.stream().filter(t -> !t.equals(TRUE)).toList();
        if (kept.contains(FALSE)) {
            return FALSE;
        }
        return kept.isEmpty() ? TRUE : kept.size() == 1 ? kept.get(0) : apply("and", kept);
    }

    static String and(String... terms) {
        return and(List.of(terms));
    }

    static String or(List<String> terms) {
        List<String> kept = terms.stream().filter(t -> !t.equals(FALSE)).toList();
        if (kept.contains(TRUE)) {
            return TRUE;
        }
        return kept.isEmpty() ? FALSE : kept.size() == 1 ? kept.get(0) : apply("or", kept);
    }

    static String or(String... terms) {
        return or(List.of(terms));
    }

    static String not(String term) {
        return term.equals(TRUE) ? FALSE : term.equals(FALSE) ? TRUE : "(not " + term + ")";
    }

    static String implies(String premise, String conclusion) {
        return or(not(premise), conclusion);
    }

    static String eq(String left, String right) {
        return "(= " + left + " " + right + ")";
    }

    static String inRe(String term, String regex) {
        return "(str.in_re " + term + " " + regex + ")";
    }

    static String prefixOf(String prefix, String term) {
        return "(str.prefixof " + prefix + " " + term + ")";
    }

    static String concat(List<String> terms) {
        return terms.size() == 1 ? terms.get(0) : apply("str.++", terms);
    }

    static String len(String term) {
        return "(str.len " + term + ")";
    }

    /** The rest of {@code term} after its first {@code length} characters. */
    static String dropPrefix(String term, String length) {
        return "(str.substr " + term + " " + length + " (- " + len(term) + " " + length + "))";
    }

    static String apply(String function, List<String> arguments) {
        return arguments.stream().collect(Collectors.joining(" ", "(" + function + " ", ")"));
    }
}
