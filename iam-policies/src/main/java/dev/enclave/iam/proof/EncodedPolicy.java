package dev.enclave.iam.proof;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * An IAM policy document read into the elements the encoder models — {@code Allow}/{@code Deny} statements with
 * {@code Action}, {@code Resource} and {@code Condition} — ready to be written as SMT formulas about any
 * {@link SymbolicRequest}. Everything else (NotAction, NotResource, Principal, unknown operators or fields, a
 * version without policy variables) is refused with {@link UnsupportedPolicyException}.
 */
public final class EncodedPolicy {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> POLICY_FIELDS = Set.of("Version", "Id", "Statement");
    private static final Set<String> STATEMENT_FIELDS = Set.of("Sid", "Effect", "Action", "Resource", "Condition");

    private final String json;
    private final List<Statement> statements;

    private EncodedPolicy(String json, List<Statement> statements) {
        this.json = json;
        this.statements = List.copyOf(statements);
    }

    /** Reads a concrete policy document. */
    public static EncodedPolicy of(String json) {
        return of(json, Map.of());
    }

    /**
     * Reads a policy template: each key of {@code parameters} is a sentinel the document holds where an id goes, and
     * its value the SMT term (a declared string constant) that stands for the id.
     */
    static EncodedPolicy of(String json, Map<String, String> parameters) {
        JsonNode document = parse(json);
        requireOnly(document, POLICY_FIELDS, "policy");
        if (!"2012-10-17".equals(document.path("Version").asText())) {
            throw new UnsupportedPolicyException("Version other than 2012-10-17 (policy variables would be text)");
        }
        List<Statement> statements = new ArrayList<>();
        for (JsonNode statement : list(document.get("Statement"))) {
            statements.add(statement(statement, parameters));
        }
        return new EncodedPolicy(json, statements);
    }

    /** The document as given. */
    public String json() {
        return json;
    }

    String allows(SymbolicRequest request) {
        return Smt.or(statements.stream().filter(Statement::allow).map(s -> s.matches(request)).toList());
    }

    String denies(SymbolicRequest request) {
        return Smt.or(statements.stream().filter(s -> !s.allow()).map(s -> s.matches(request)).toList());
    }

    /** Every context key a condition or a policy variable reads. */
    Set<ContextKey> keys() {
        Set<ContextKey> keys = new TreeSet<>();
        for (Statement statement : statements) {
            statement.conditions().forEach(c -> keys.add(c.key()));
            statement.conditions().forEach(c -> c.values().forEach(v -> keys.addAll(v.variables())));
            statement.resources().forEach(r -> keys.addAll(r.variables()));
        }
        return keys;
    }

    /**
     * How many values of each multi-valued key a counterexample may need for this policy: one for each condition
     * that asks for a value of its own — a {@code ForAnyValue} in an Allow when the policy must allow, a
     * {@code ForAllValues} in a Deny (whose negation asks for one value outside); the other way round when the
     * policy must not allow. Conditions that constrain every value are only easier with fewer values.
     */
    Map<ContextKey, Integer> witnesses(boolean mustAllow) {
        Map<ContextKey, Integer> counts = new TreeMap<>();
        for (Statement statement : statements) {
            for (Condition condition : statement.conditions()) {
                boolean existential = condition.operator().existential();
                boolean needsOwnValue = statement.allow() == mustAllow ? existential : !existential;
                if (condition.key().multiValued() && condition.operator().comparison() != Operator.Comparison.NULL
                        && needsOwnValue) {
                    counts.merge(condition.key(), 1, Integer::sum);
                }
            }
        }
        return counts;
    }

    private static Statement statement(JsonNode statement, Map<String, String> parameters) {
        requireOnly(statement, STATEMENT_FIELDS, "statement");
        String effect = statement.path("Effect").asText();
        if (!effect.equals("Allow") && !effect.equals("Deny")) {
            throw new UnsupportedPolicyException("Effect '" + effect + "'");
        }
        if (!statement.has("Action") || !statement.has("Resource")) {
            throw new UnsupportedPolicyException("a statement without Action or Resource");
        }
        List<StringPattern> actions = strings(statement.get("Action")).stream()
                .map(a -> modelled(StringPattern.parse(a, true, Map.of()), PatternMatch.Mode.LIKE_IGNORING_CASE))
                .toList();
        List<StringPattern> resources = strings(statement.get("Resource")).stream()
                .map(r -> modelled(StringPattern.parse(r, true, parameters), PatternMatch.Mode.ARN_LIKE)).toList();
        return new Statement(effect.equals("Allow"), actions, resources,
                conditions(statement.get("Condition"), parameters));
    }

    private static List<Condition> conditions(JsonNode block, Map<String, String> parameters) {
        List<Condition> conditions = new ArrayList<>();
        if (block == null) {
            return conditions;
        }
        for (Iterator<Map.Entry<String, JsonNode>> ops = block.fields(); ops.hasNext(); ) {
            Map.Entry<String, JsonNode> op = ops.next();
            Operator operator = Operator.parse(op.getKey());
            for (Iterator<Map.Entry<String, JsonNode>> keys = op.getValue().fields(); keys.hasNext(); ) {
                Map.Entry<String, JsonNode> key = keys.next();
                conditions.add(new Condition(operator, ContextKey.of(key.getKey()),
                        values(operator, strings(key.getValue()), parameters)));
            }
        }
        return conditions;
    }

    private static List<StringPattern> values(Operator operator, List<String> values, Map<String, String> parameters) {
        if (operator.comparison() == Operator.Comparison.NULL) {
            if (values.size() != 1 || !Set.of("true", "false").contains(values.get(0).toLowerCase(Locale.ROOT))) {
                throw new UnsupportedPolicyException("Null takes one value, true or false: " + values);
            }
            return List.of(values.get(0).equalsIgnoreCase("true") ? Condition.NULL_TRUE : Condition.NULL_FALSE);
        }
        boolean wildcards = operator.comparison() != Operator.Comparison.STRING_EQUALS;
        return values.stream().map(v -> modelled(StringPattern.parse(v, wildcards, parameters), operator.mode()))
                .toList();
    }

    private static StringPattern modelled(StringPattern pattern, PatternMatch.Mode mode) {
        PatternMatch.requireModelled(pattern, mode);
        return pattern;
    }

    private static void requireOnly(JsonNode node, Set<String> fields, String what) {
        if (!node.isObject()) {
            throw new UnsupportedPolicyException("a " + what + " that is not an object");
        }
        node.fieldNames().forEachRemaining(field -> {
            if (!fields.contains(field)) {
                throw new UnsupportedPolicyException(what + " field " + field);
            }
        });
    }

    private static List<JsonNode> list(JsonNode node) {
        List<JsonNode> out = new ArrayList<>();
        if (node != null && node.isArray()) {
            node.forEach(out::add);
        } else if (node != null) {
            out.add(node);
        }
        return out;
    }

    private static List<String> strings(JsonNode node) {
        List<String> out = new ArrayList<>();
        for (JsonNode value : list(node)) {
            if (!value.isValueNode()) {
                throw new UnsupportedPolicyException("a value that is not a string: " + value);
            }
            out.add(value.asText());
        }
        return out;
    }

    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException("not a JSON policy document", e);
        }
    }
}
