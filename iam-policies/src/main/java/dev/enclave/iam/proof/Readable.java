package dev.enclave.iam.proof;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What makes a counterexample a request AWS could send, so another evaluator can replay it: an action DynamoDB
 * has, with only the DynamoDB condition keys the AWS Service Authorization Reference lists for it
 * ({@code proof/dynamodb-actions.txt}); a resource named as DynamoDB names tables and indexes, in the account and
 * region of the subject's table; a present key with at least one value, each non-empty printable ASCII. Only a
 * preference: the proofs themselves assume none of it (any key may come with any action), so when no
 * counterexample of that shape exists the solver's own is kept, marked as not one AWS could send.
 */
final class Readable {

    /** Each DynamoDB action with the condition keys AWS lists for it, as the Service Authorization Reference has it. */
    static final Map<String, List<ContextKey>> DYNAMODB_ACTIONS = load("proof/dynamodb-actions.txt");

    private static final String PRINTABLE = SmtRegex.plus(SmtRegex.union(List.of(SmtRegex.range(' ', '['),
            SmtRegex.range(']', '~'))));
    private static final String NAME = "((_ re.loop 3 255) " + SmtRegex.union(List.of(SmtRegex.range('A', 'Z'),
            SmtRegex.range('a', 'z'), SmtRegex.range('0', '9'), SmtRegex.literal("_"), SmtRegex.literal("."),
            SmtRegex.literal("-"))) + ")";
    private static final Pattern ESCAPE = Pattern.compile("\\\\u\\{([0-9a-fA-F]+)}");

    private Readable() {
    }

    /** The shape, for the requests of a query about a table whose ARN starts with {@code tablePrefix}. */
    static String constraints(List<SymbolicRequest> requests, String tablePrefix) {
        StringBuilder out = new StringBuilder();
        for (SymbolicRequest request : requests) {
            assertLine(out, Smt.or(DYNAMODB_ACTIONS.keySet().stream().map(a -> Smt.eq(request.action(),
                    Smt.str(a.toLowerCase(Locale.ROOT)))).toList()));
            assertLine(out, Smt.inRe(request.resource(), SmtRegex.concat(List.of(SmtRegex.literal(tablePrefix), NAME,
                    "(re.opt " + SmtRegex.concat(List.of(SmtRegex.literal("/index/"), NAME)) + ")"))));
            request.sizes().forEach((key, size) -> {
                if (key.id().startsWith("dynamodb:")) {
                    assertLine(out, Smt.implies(request.present(key), Smt.or(actionsTaking(key).stream()
                            .map(a -> Smt.eq(request.action(), Smt.str(a.toLowerCase(Locale.ROOT)))).toList())));
                }
                if (key.multiValued()) {
                    assertLine(out, Smt.implies(request.present(key), request.active(key, 0)));
                }
                for (int i = 0; i < (key.multiValued() ? size : 0); i++) {
                    assertLine(out, Smt.inRe(request.element(key, i), PRINTABLE));
                }
                if (!key.multiValued()) {
                    assertLine(out, Smt.inRe(request.value(key), PRINTABLE));
                }
            });
        }
        return out.toString();
    }

    /** The action as AWS spells it, when it is one of DynamoDB's (the model holds it in lower case). */
    static String spelling(String action) {
        return DYNAMODB_ACTIONS.keySet().stream().filter(a -> a.equalsIgnoreCase(action)).findFirst().orElse(action);
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

    private static List<String> actionsTaking(ContextKey key) {
        return DYNAMODB_ACTIONS.entrySet().stream().filter(e -> e.getValue().contains(key)).map(Map.Entry::getKey)
                .toList();
    }

    private static void assertLine(StringBuilder out, String term) {
        out.append("(assert ").append(term).append(")\n");
    }

    private static Map<String, List<ContextKey>> load(String resource) {
        InputStream in = Readable.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalStateException("missing resource " + resource);
        }
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            Map<String, List<ContextKey>> actions = new LinkedHashMap<>();
            reader.lines().map(String::strip).filter(l -> !l.isEmpty()).forEach(line -> {
                List<String> words = new ArrayList<>(Arrays.asList(line.split(" ")));
                actions.put(words.remove(0), words.stream().map(ContextKey::of).toList());
            });
            return actions;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
