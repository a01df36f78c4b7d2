package dev.enclave.sandbox.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Query's {@code KeyConditionExpression} as the comparisons it makes, so that it can be evaluated again on an item
 * image: {@code =}, {@code <}, {@code <=}, {@code >}, {@code >=}, {@code BETWEEN ... AND ...} and
 * {@code begins_with(...)}, joined by {@code AND}, in parentheses or not, with {@code #name} and {@code :value}
 * placeholders or plain attribute names — everything DynamoDB allows in a key condition.
 *
 * @param comparisons all of which an item must satisfy
 */
record KeyCondition(List<Comparison> comparisons) {

    KeyCondition {
        comparisons = List.copyOf(comparisons);
    }

    /** What a comparison does. */
    enum Operator {
        EQ, LT, LE, GT, GE, BETWEEN, BEGINS_WITH;

        private static final Map<String, Operator> SYMBOLS = Map.of("=", EQ, "<", LT, "<=", LE, ">", GT, ">=", GE);

        /** The operator with its operands swapped: {@code :v < #k} is {@code #k > :v}. */
        Operator mirrored() {
            return switch (this) {
                case LT -> GT;
                case LE -> GE;
                case GT -> LT;
                case GE -> LE;
                default -> this;
            };
        }
    }

    /**
     * One comparison of a key attribute with values.
     *
     * @param attribute the attribute compared
     * @param operator  how
     * @param operands  the values: one, or two for {@code BETWEEN}
     */
    record Comparison(String attribute, Operator operator, List<JsonNode> operands) {

        Comparison {
            Objects.requireNonNull(attribute, "attribute");
            Objects.requireNonNull(operator, "operator");
            operands = List.copyOf(operands);
        }

        boolean holdsFor(JsonNode item) {
            JsonNode value = item.get(attribute);
            if (operator == Operator.BEGINS_WITH) {
                return ScalarValues.beginsWith(value, operands.get(0));
            }
            Optional<Integer> order = ScalarValues.compare(value, operands.get(0));
            return order.isPresent() && switch (operator) {
                case EQ -> order.get() == 0;
                case LT -> order.get() < 0;
                case LE -> order.get() <= 0;
                case GT -> order.get() > 0;
                case GE -> order.get() >= 0;
                case BETWEEN -> order.get() >= 0 && ScalarValues.compare(value, operands.get(1))
                        .map(upper -> upper <= 0).orElse(false);
                case BEGINS_WITH -> false;
            };
        }
    }

    /**
     * Why DynamoDB refuses this condition before it reads anything, if it does: a {@code BETWEEN} whose lower bound
     * is above its upper bound (DynamoDB answers ValidationException; DynamoDB Local matches nothing instead).
     */
    Optional<String> refusal() {
        return comparisons.stream().filter(comparison -> comparison.operator() == Operator.BETWEEN)
                .filter(between -> ScalarValues.compare(between.operands().get(0), between.operands().get(1))
                        .filter(order -> order > 0).isPresent())
                .findFirst().map(between -> "Invalid KeyConditionExpression: The BETWEEN operator requires upper "
                        + "bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: "
                        + between.operands().get(0) + ", upper bound operand: AttributeValue: "
                        + between.operands().get(1));
    }

    /** Whether {@code item} (an item or index entry in wire format) satisfies every comparison. */
    boolean matches(JsonNode item) {
        return comparisons.stream().allMatch(comparison -> comparison.holdsFor(item));
    }

    /**
     * Parses a key condition expression.
     *
     * @param names  the request's {@code ExpressionAttributeNames}
     * @param values the request's {@code ExpressionAttributeValues}
     * @throws IllegalArgumentException when the expression is not a key condition this class reads
     */
    static KeyCondition parse(String expression, JsonNode names, JsonNode values) {
        return new KeyCondition(new Parser(expression, names, values).all());
    }

    /** A recursive-descent parser over the expression's tokens. */
    private static final class Parser {

        private static final Pattern TOKEN = Pattern.compile("<=|>=|<>|[()=<>,]|[^\\s()=<>,]+");

        private final String expression;
        private final JsonNode names;
        private final JsonNode values;
        private final List<String> tokens = new ArrayList<>();
        private int next;

        Parser(String expression, JsonNode names, JsonNode values) {
            this.expression = expression;
            this.names = names;
            this.values = values;
            Matcher matcher = TOKEN.matcher(expression);
            while (matcher.find()) {
                tokens.add(matcher.group());
            }
        }

        List<Comparison> all() {
            List<Comparison> comparisons = new ArrayList<>();
            conjunction(comparisons);
            if (next != tokens.size()) {
                throw unreadable("unexpected '" + tokens.get(next) + "'");
            }
            return comparisons;
        }

        private void conjunction(List<Comparison> out) {
            unit(out);
            while (next < tokens.size() && "AND".equalsIgnoreCase(tokens.get(next))) {
                next++;
                unit(out);
            }
        }

        private void unit(List<Comparison> out) {
            String token = take();
            if ("(".equals(token)) {
                conjunction(out);
                expect(")");
            } else if ("begins_with".equalsIgnoreCase(token)) {
                expect("(");
                String attribute = attribute(take());
                expect(",");
                JsonNode prefix = value(take());
                expect(")");
                out.add(new Comparison(attribute, Operator.BEGINS_WITH, List.of(prefix)));
            } else {
                out.add(comparison(token));
            }
        }

        private Comparison comparison(String left) {
            String operator = take();
            if ("BETWEEN".equalsIgnoreCase(operator)) {
                String attribute = attribute(left);
                JsonNode low = value(take());
                expect("AND");
                return new Comparison(attribute, Operator.BETWEEN, List.of(low, value(take())));
            }
            Operator symbol = Optional.ofNullable(Operator.SYMBOLS.get(operator))
                    .orElseThrow(() -> unreadable("no key-condition operator '" + operator + "'"));
            String right = take();
            return left.startsWith(":") ? new Comparison(attribute(right), symbol.mirrored(), List.of(value(left)))
                    : new Comparison(attribute(left), symbol, List.of(value(right)));
        }

        private String attribute(String token) {
            if (token.startsWith("#")) {
                JsonNode name = names.get(token);
                if (name == null) {
                    throw unreadable("no ExpressionAttributeNames entry " + token);
                }
                return name.asText();
            }
            if (token.startsWith(":") || !token.matches("[A-Za-z0-9_]+")) {
                throw unreadable("'" + token + "' is not an attribute");
            }
            return token;
        }

        private JsonNode value(String token) {
            JsonNode value = token.startsWith(":") ? values.get(token) : null;
            if (value == null) {
                throw unreadable("'" + token + "' is not an ExpressionAttributeValues entry");
            }
            return value;
        }

        private String take() {
            if (next >= tokens.size()) {
                throw unreadable("it ends too early");
            }
            return tokens.get(next++);
        }

        private void expect(String token) {
            String found = take();
            if (!token.equalsIgnoreCase(found)) {
                throw unreadable("expected '" + token + "', found '" + found + "'");
            }
        }

        private IllegalArgumentException unreadable(String why) {
            return new IllegalArgumentException("key condition '" + expression + "' not read: " + why);
        }
    }
}
