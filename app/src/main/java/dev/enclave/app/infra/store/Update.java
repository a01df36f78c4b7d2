package dev.enclave.app.infra.store;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Builds an update expression clause by clause ({@code SET}, {@code ADD}, {@code DELETE}, {@code REMOVE}) for what
 * the enhanced client cannot express: counters, string-set {@code ADD}/{@code DELETE}, index keys removed.
 */
public final class Update implements Placeholders<Update> {

    private final List<String> set = new ArrayList<>();
    private final List<String> add = new ArrayList<>();
    private final List<String> delete = new ArrayList<>();
    private final List<String> remove = new ArrayList<>();
    private Expr placeholders = Expr.of("");

    private Update() {
    }

    public static Update builder() {
        return new Update();
    }

    /** A {@code SET} action, e.g. {@code #name = :name}. */
    public Update set(String action) {
        set.add(action);
        return this;
    }

    /** {@code SET} actions with the names and values they use. */
    public Update set(Expr actions) {
        placeholders = placeholders.withPlaceholdersOf(actions);
        return set(actions.text());
    }

    /** An {@code ADD} action: a number added to, or strings added to a set. */
    public Update add(String action) {
        add.add(action);
        return this;
    }

    /** A {@code DELETE} action: strings taken out of a set. */
    public Update delete(String action) {
        delete.add(action);
        return this;
    }

    /** Attributes removed. */
    public Update remove(String... attributes) {
        remove.addAll(List.of(attributes));
        return this;
    }

    @Override
    public Update name(String placeholder, String attribute) {
        placeholders = placeholders.name(placeholder, attribute);
        return this;
    }

    @Override
    public Update value(String placeholder, AttributeValue value) {
        placeholders = placeholders.value(placeholder, value);
        return this;
    }

    public Expr build() {
        String text = Stream.of(clause("SET", set), clause("ADD", add), clause("DELETE", delete),
                clause("REMOVE", remove)).filter(c -> !c.isEmpty()).collect(Collectors.joining(" "));
        return new Expr(text, placeholders.names(), placeholders.values());
    }

    private static String clause(String keyword, List<String> actions) {
        return actions.isEmpty() ? "" : keyword + " " + String.join(", ", actions);
    }
}
