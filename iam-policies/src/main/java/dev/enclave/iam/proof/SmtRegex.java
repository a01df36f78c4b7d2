package dev.enclave.iam.proof;

import java.util.List;

/** SMT-LIB regular expressions over strings. */
final class SmtRegex {

    static final String ANY_STRING = "re.all";
    static final String ANY_CHAR = "re.allchar";
    static final String NOTHING = "re.none";
    static final String NOT_COLON = "(re.inter re.allchar (re.comp (str.to_re \":\")))";

    private SmtRegex() {
    }

    /** Exactly {@code text}. */
    static String literal(String text) {
        return "(str.to_re " + Smt.str(text) + ")";
    }

    static String concat(List<String> regexes) {
        return regexes.isEmpty() ? literal("") : regexes.size() == 1 ? regexes.get(0)
                : Smt.apply("re.++", regexes);
    }

    static String union(List<String> regexes) {
        return regexes.isEmpty() ? NOTHING : regexes.size() == 1 ? regexes.get(0) : Smt.apply("re.union", regexes);
    }

    static String star(String regex) {
        return "(re.* " + regex + ")";
    }

    static String plus(String regex) {
        return "(re.+ " + regex + ")";
    }

    /** One character between {@code from} and {@code to}, inclusive. */
    static String range(char from, char to) {
        return "(re.range " + Smt.str(String.valueOf(from)) + " " + Smt.str(String.valueOf(to)) + ")";
    }
}
