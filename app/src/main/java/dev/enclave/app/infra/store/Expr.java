package dev.enclave.app.infra.store;

import dev.enclave.app.domain.outcome.ExpectedVersion;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A condition, update or key-condition expression with the attribute names and values it uses, built up
 * immutably: {@code Expr.of("#n = :n").name("#n", "name").value(":n", name)}. The conditions every repository
 * needs ({@link #exists}, {@link #absent}, {@link #atVersion}) name the key attribute from {@link TableAttributes}.
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

    /** An update expression, built clause by clause. */
    public static UpdateBuilder update() {
        return new UpdateBuilder();
    }


    private static final String KEY = "#pk";
    /** A version no item ever has: an empty list of expected versions matches nothing. */
    private static final long NEVER = -1;

    /** The item exists. */
    public static Expr exists() {
        return Expr.of("attribute_exists(" + KEY + ")").name(KEY, TableAttributes.PARTITION_KEY);
    }

    /** No item has the key yet. */
    public static Expr absent() {
        return Expr.of("attribute_not_exists(" + KEY + ")").name(KEY, TableAttributes.PARTITION_KEY);
    }

    /** The item exists, at one of the {@code expected} versions of its {@code versionAttribute} (if any named). */
    public static Expr atVersion(ExpectedVersion expected, String versionAttribute) {
        if (expected.any()) {
            return exists();
        }
        List<Long> versions = expected.versions().isEmpty() ? List.of(NEVER)
                : expected.versions().stream().sorted().toList();
        String in = IntStream.range(0, versions.size()).mapToObj(i -> ":expected" + i)
                .collect(Collectors.joining(", "));
        Expr inVersions = Expr.of("#version IN (" + in + ")").name("#version", versionAttribute);
        for (int i = 0; i < versions.size(); i++) {
            inVersions = inVersions.number(":expected" + i, versions.get(i));
        }
        return exists().and(inVersions);
    }

    /**
     * The item exists as one of {@code expected}'s tags: at that version and of that life, the life stored in
     * {@code lifeAttribute} as {@code storedLife} renders it (a tag whose life it cannot render matches nothing).
     * AND binds before OR, and DynamoDB refuses parentheses that change nothing.
     */
    public static Expr atVersionOfLife(ExpectedVersion expected, String versionAttribute, String lifeAttribute,
                                       Function<String, Optional<String>> storedLife) {
        if (expected.any()) {
            return exists();
        }
        List<String> alternatives = new ArrayList<>();
        Expr placeholders = Expr.of("").name("#version", versionAttribute).name("#life", lifeAttribute);
        for (ExpectedVersion.Tag tag : expected.tags().stream()
                .sorted(Comparator.comparing(ExpectedVersion.Tag::life).thenComparing(ExpectedVersion.Tag::version))
                .toList()) {
            Optional<String> life = storedLife.apply(tag.life());
            if (life.isPresent()) {
                int i = alternatives.size();
                alternatives.add("#version = :expected" + i + " AND #life = :life" + i);
                placeholders = placeholders.number(":expected" + i, tag.version())
                        .value(":life" + i, AttributeValue.fromS(life.get()));
            }
        }
        if (alternatives.isEmpty()) {
            return atVersion(ExpectedVersion.oneOf(Set.of()), versionAttribute);
        }
        String either = String.join(" OR ", alternatives);
        return exists().and(Expr.of(alternatives.size() == 1 ? either : "(" + either + ")")
                .withPlaceholdersOf(placeholders));
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

    /**
     * Both conditions must hold, each as a whole: one with an {@code OR} outside parentheses is put in parentheses, so
     * {@code a.and(b OR c)} is {@code a AND (b OR c)}, never {@code (a AND b) OR c}.
     */
    public Expr and(Expr other) {
        return joined(grouped(text) + " AND " + grouped(other.text), other);
    }

    /** Either condition holds (AND binds first: {@code a AND b OR c} is {@code (a AND b) OR c}). */
    public Expr or(Expr other) {
        return join(" OR ", other);
    }

    /** This text, with {@code other}'s names and values too (an update and its condition share one map each). */
    public Expr withPlaceholdersOf(Expr other) {
        return joined(text, other);
    }

    /** {@code text} as one operand of AND: in parentheses when an OR stands in it outside any (AND binds first). */
    private static String grouped(String text) {
        int depth = 0;
        for (int at = 0; at < text.length(); at++) {
            char c = text.charAt(at);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (depth == 0 && text.regionMatches(true, at, " OR ", 0, 4)) {
                return "(" + text + ")";
            }
        }
        return text;
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

    /**
     * Builds an update expression clause by clause ({@code SET}, {@code ADD}, {@code DELETE}, {@code REMOVE}) for what
     * the enhanced client cannot express: counters, string-set {@code ADD}/{@code DELETE}, index keys removed.
     */
    public static final class UpdateBuilder implements Placeholders<UpdateBuilder> {

        private final List<String> set = new ArrayList<>();
        private final List<String> add = new ArrayList<>();
        private final List<String> delete = new ArrayList<>();
        private final List<String> remove = new ArrayList<>();
        private Expr placeholders = Expr.of("");

        private UpdateBuilder() {
        }

        /** A {@code SET} action, e.g. {@code #name = :name}. */
        public UpdateBuilder set(String action) {
            set.add(action);
            return this;
        }

        /** {@code SET} actions with the names and values they use. */
        public UpdateBuilder set(Expr actions) {
            placeholders = placeholders.withPlaceholdersOf(actions);
            return set(actions.text());
        }

        /** An {@code ADD} action: a number added to, or strings added to a set. */
        public UpdateBuilder add(String action) {
            add.add(action);
            return this;
        }

        /** A {@code DELETE} action: strings taken out of a set. */
        public UpdateBuilder delete(String action) {
            delete.add(action);
            return this;
        }

        /** Attributes removed. */
        public UpdateBuilder remove(String... attributes) {
            remove.addAll(List.of(attributes));
            return this;
        }

        @Override
        public UpdateBuilder name(String placeholder, String attribute) {
            placeholders = placeholders.name(placeholder, attribute);
            return this;
        }

        @Override
        public UpdateBuilder value(String placeholder, AttributeValue value) {
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
}
