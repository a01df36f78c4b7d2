package dev.enclave.app.infra.store;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A condition, update or key-condition expression with the attribute names and values it uses, built up
 * immutably: {@code Expr.of("#n = :n").name("#n", "name").value(":n", name)}.
 */
public record Expr(String text, Map<String, String> names, Map<String, AttributeValue> values)
        implements Placeholders<Expr> {

    public Expr {
        Objects.requireNonNull(text, "text");
        names = Map.copyOf(names);
        values = Map.copyOf(values);
    }

    public static Expr of(String text) {
        return new Expr(text, Map.of(), Map.of());
    }

    @Override
    public Expr name(String placeholder, String attribute) {
        Map<String, String> more = new HashMap<>(names);
        more.put(placeholder, attribute);
        return new Expr(text, more, values);
    }

    @Override
    public Expr value(String placeholder, AttributeValue value) {
        Map<String, AttributeValue> more = new HashMap<>(values);
        more.put(placeholder, value);
        return new Expr(text, names, more);
    }

    /** Both conditions must hold. */
    public Expr and(Expr other) {
        return join(" AND ", other);
    }

    /** This text, with {@code other}'s names and values too (an update and its condition share one map each). */
    public Expr withPlaceholdersOf(Expr other) {
        return joined(text, other);
    }

    private Expr join(String separator, Expr other) {
        return joined(text + separator + other.text, other);
    }

    private Expr joined(String joinedText, Expr other) {
        Map<String, String> allNames = new HashMap<>(names);
        allNames.putAll(other.names);
        Map<String, AttributeValue> allValues = new HashMap<>(values);
        allValues.putAll(other.values);
        return new Expr(joinedText, allNames, allValues);
    }

    /** The names, or {@code null} when there are none (DynamoDB refuses an empty map). */
    public Map<String, String> namesOrNull() {
        return names.isEmpty() ? null : names;
    }

    /** The values, or {@code null} when there are none (DynamoDB refuses an empty map). */
    public Map<String, AttributeValue> valuesOrNull() {
        return values.isEmpty() ? null : values;
    }
}
