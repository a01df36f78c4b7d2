package dev.enclave.iam.proof;

import java.util.List;

/**
 * One key of one operator in a {@code Condition} block. The listed values are alternatives; on a multi-valued key
 * the qualifier quantifies over the request's values; an absent key satisfies {@code ForAllValues}, a negated
 * operator and {@code IfExists}, and nothing else (IAM's rules, as the sandbox evaluator applies them).
 */
record Condition(Operator operator, ContextKey key, List<StringPattern> values) {

    Condition {
        values = List.copyOf(values);
    }

    String holds(SymbolicRequest request) {
        String present = request.present(key);
        if (operator.comparison() == Operator.Comparison.NULL) {
            return values.get(0).equals(NULL_TRUE) ? Smt.not(present) : present;
        }
        boolean absentHolds = operator.qualifier() == Operator.Qualifier.FOR_ALL_VALUES
                || operator.qualifier() == Operator.Qualifier.SINGLE && (operator.ifExists() || operator.negated());
        String whenPresent = operator.existential()
                ? request.someValue(key, value -> test(value, request))
                : Smt.and(present, request.everyValue(key, value -> test(value, request)));
        return absentHolds ? Smt.or(Smt.not(present), whenPresent) : whenPresent;
    }

    private String test(String value, SymbolicRequest request) {
        String matchesOne = operator.mode() == PatternMatch.Mode.EQUALS
                ? Smt.or(values.stream().map(p -> PatternMatch.matches(p, value, request, operator.mode())).toList())
                : PatternMatch.matchesAny(values, value, request, operator.mode());
        return operator.negated() ? Smt.not(matchesOne) : matchesOne;
    }

    /** The {@code Null} value that asks for an absent key. */
    static final StringPattern NULL_TRUE = new StringPattern(List.of(new StringPattern.Text("true")));
    static final StringPattern NULL_FALSE = new StringPattern(List.of(new StringPattern.Text("false")));
}
