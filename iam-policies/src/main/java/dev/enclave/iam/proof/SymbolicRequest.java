package dev.enclave.iam.proof;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * One request as SMT constants: its action, its resource and, per context key, a presence bit and a value — or,
 * for a multi-valued key, up to {@code size} values, each with a bit saying whether the set holds it (the first
 * ones do: a set of at most {@code size} values; a value may repeat, and a key may be present with no value).
 * Booleans rather than a count keep the formulas free of arithmetic.
 *
 * @param name  the prefix of its constants' names, e.g. {@code r1}
 * @param sizes for each context key it carries, the largest number of values it may hold (1 for single values)
 */
record SymbolicRequest(String name, Map<ContextKey, Integer> sizes) {

    SymbolicRequest {
        sizes = Collections.unmodifiableMap(new TreeMap<>(sizes));
    }

    /**
     * The action in lower case. IAM compares actions ignoring case, and AWS's action names are ASCII, so matching
     * a lower-cased pattern against the lower-cased action decides exactly what IAM decides. Safety queries let it
     * be any string (a larger domain: an unsat answer covers the real one); a witness names a lower-cased action.
     */
    String action() {
        return Smt.symbol(name + ".action");
    }

    String resource() {
        return Smt.symbol(name + ".resource");
    }

    String present(ContextKey key) {
        return Smt.symbol(name + "." + known(key).id() + ".present");
    }

    /** The value of a single-valued key. */
    String value(ContextKey key) {
        return Smt.symbol(name + "." + known(key).id());
    }

    /** Whether the set of a multi-valued key holds its {@code index}th value. */
    String active(ContextKey key, int index) {
        return Smt.symbol(name + "." + known(key).id() + ".has." + index);
    }

    String element(ContextKey key, int index) {
        return Smt.symbol(name + "." + known(key).id() + "." + index);
    }

    int size(ContextKey key) {
        return sizes.get(known(key));
    }

    /** Whether each value of a present key satisfies {@code test} (true for an absent or empty key). */
    String everyValue(ContextKey key, UnaryOperator<String> test) {
        if (!key.multiValued()) {
            return Smt.implies(present(key), test.apply(value(key)));
        }
        List<String> each = new ArrayList<>();
        for (int i = 0; i < size(key); i++) {
            each.add(Smt.implies(active(key, i), test.apply(element(key, i))));
        }
        return Smt.and(each);
    }

    /** Whether some value of a present key satisfies {@code test}. */
    String someValue(ContextKey key, UnaryOperator<String> test) {
        if (!key.multiValued()) {
            return Smt.and(present(key), test.apply(value(key)));
        }
        List<String> each = new ArrayList<>();
        for (int i = 0; i < size(key); i++) {
            each.add(Smt.and(active(key, i), test.apply(element(key, i))));
        }
        return Smt.or(each);
    }

    /**
     * The one value a policy variable resolves to, and when it resolves: the key is present with exactly one value.
     *
     * @return {@code [guard, term]}
     */
    List<String> variable(ContextKey key) {
        if (!key.multiValued()) {
            return List.of(present(key), value(key));
        }
        String one = size(key) > 1 ? Smt.and(active(key, 0), Smt.not(active(key, 1))) : active(key, 0);
        return List.of(Smt.and(present(key), one), element(key, 0));
    }

    private ContextKey known(ContextKey key) {
        if (!sizes.containsKey(key)) {
            throw new IllegalStateException(name + " carries no " + key);
        }
        return key;
    }

    List<String> declarations() {
        List<String> out = new ArrayList<>(List.of(declare(action(), "String"), declare(resource(), "String")));
        sizes.forEach((key, size) -> {
            out.add(declare(present(key), "Bool"));
            if (key.multiValued()) {
                for (int i = 0; i < size; i++) {
                    out.add(declare(active(key, i), "Bool"));
                    out.add(declare(element(key, i), "String"));
                }
            } else {
                out.add(declare(value(key), "String"));
            }
        });
        return out;
    }

    /** A set's values come first, and an absent key holds no value. */
    List<String> wellFormed() {
        List<String> out = new ArrayList<>();
        sizes.forEach((key, size) -> {
            if (key.multiValued()) {
                out.add(Smt.implies(Smt.not(present(key)), Smt.not(active(key, 0))));
                for (int i = 1; i < size; i++) {
                    out.add(Smt.implies(active(key, i), active(key, i - 1)));
                }
            }
        });
        return out;
    }

    private static String declare(String symbol, String sort) {
        return "(declare-const " + symbol + " " + sort + ")";
    }
}
