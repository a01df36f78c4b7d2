package dev.enclave.iam.proof;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What makes a counterexample readable and replayable by another evaluator: printable ASCII strings, an action
 * DynamoDB has (the Service Authorization Reference's list, {@code proof/dynamodb-actions.txt}), an ARN of
 * DynamoDB. Only a preference: when no counterexample of that shape exists, the solver's own is kept.
 */
final class Readable {

    /** DynamoDB's actions, as the AWS Service Authorization Reference lists them. */
    static final List<String> DYNAMODB_ACTIONS = load("proof/dynamodb-actions.txt");

    private static final String PRINTABLE = SmtRegex.star(SmtRegex.union(List.of(SmtRegex.range(' ', '['),
            SmtRegex.range(']', '~'))));
    private static final Pattern ESCAPE = Pattern.compile("\\\\u\\{([0-9a-fA-F]+)}");

    private Readable() {
    }

    static String constraints(List<SymbolicRequest> requests) {
        StringBuilder out = new StringBuilder();
        String actions = SmtRegex.union(DYNAMODB_ACTIONS.stream()
                .map(a -> SmtRegex.literal(a.toLowerCase(Locale.ROOT))).toList());
        for (SymbolicRequest request : requests) {
            assertLine(out, Smt.inRe(request.action(), actions));
            assertLine(out, Smt.prefixOf(Smt.str("arn:aws:dynamodb:"), request.resource()));
            assertLine(out, Smt.inRe(request.resource(), PRINTABLE));
            request.sizes().forEach((key, size) -> {
                if (key.multiValued()) {
                    for (int i = 0; i < size; i++) {
                        assertLine(out, Smt.inRe(request.element(key, i), PRINTABLE));
                    }
                } else {
                    assertLine(out, Smt.inRe(request.value(key), PRINTABLE));
                }
            });
        }
        return out.toString();
    }

    /** The action as AWS spells it, when it is one of DynamoDB's (the model holds it in lower case). */
    static String spelling(String action) {
        return DYNAMODB_ACTIONS.stream().filter(a -> a.equalsIgnoreCase(action)).findFirst().orElse(action);
    }

    /** A Z3 string as Java text: its {@code \\u{..}} escapes decoded. */
    static String unescape(String z3) {
        Matcher escape = ESCAPE.matcher(z3);
        StringBuilder out = new StringBuilder();
        while (escape.find()) {
            escape.appendReplacement(out, Matcher.quoteReplacement(
                    new String(Character.toChars(Integer.parseInt(escape.group(1), 16)))));
        }
        escape.appendTail(out);
        return out.toString();
    }

    private static void assertLine(StringBuilder out, String term) {
        out.append("(assert ").append(term).append(")\n");
    }

    private static List<String> load(String resource) {
        InputStream in = Readable.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalStateException("missing resource " + resource);
        }
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            List<String> lines = new ArrayList<>();
            reader.lines().map(String::strip).filter(l -> !l.isEmpty()).forEach(lines::add);
            return List.copyOf(lines);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
