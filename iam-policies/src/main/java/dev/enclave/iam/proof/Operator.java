package dev.enclave.iam.proof;

/**
 * A condition operator such as {@code ForAllValues:StringLike}: the set qualifier, the comparison, whether it is
 * negated and whether it has the {@code IfExists} suffix.
 */
record Operator(Qualifier qualifier, Comparison comparison, boolean negated, boolean ifExists) {

    /** How the values of a multi-valued key are quantified. */
    enum Qualifier { SINGLE, FOR_ALL_VALUES, FOR_ANY_VALUE }

    /** The comparisons the encoder models. */
    enum Comparison { STRING_EQUALS, STRING_LIKE, ARN_LIKE, NULL }

    /**
     * Parses an operator name.
     *
     * @throws UnsupportedPolicyException for every operator not modelled here
     */
    static Operator parse(String name) {
        Qualifier qualifier = Qualifier.SINGLE;
        String rest = name;
        if (rest.startsWith("ForAllValues:")) {
            qualifier = Qualifier.FOR_ALL_VALUES;
            rest = rest.substring("ForAllValues:".length());
        } else if (rest.startsWith("ForAnyValue:")) {
            qualifier = Qualifier.FOR_ANY_VALUE;
            rest = rest.substring("ForAnyValue:".length());
        }
        boolean ifExists = rest.endsWith("IfExists");
        if (ifExists) {
            rest = rest.substring(0, rest.length() - "IfExists".length());
            if (qualifier != Qualifier.SINGLE || rest.equals("Null")) {
                throw new UnsupportedPolicyException("IfExists on " + name);
            }
        }
        return switch (rest) {
            case "StringEquals" -> new Operator(qualifier, Comparison.STRING_EQUALS, false, ifExists);
            case "StringNotEquals" -> new Operator(qualifier, Comparison.STRING_EQUALS, true, ifExists);
            case "StringLike" -> new Operator(qualifier, Comparison.STRING_LIKE, false, ifExists);
            case "StringNotLike" -> new Operator(qualifier, Comparison.STRING_LIKE, true, ifExists);
            case "ArnLike" -> new Operator(qualifier, Comparison.ARN_LIKE, false, ifExists);
            case "ArnNotLike" -> new Operator(qualifier, Comparison.ARN_LIKE, true, ifExists);
            case "Null" -> qualifier == Qualifier.SINGLE ? new Operator(qualifier, Comparison.NULL, false, false)
                    : unsupported(name);
            default -> unsupported(name);
        };
    }

    private static Operator unsupported(String name) {
        throw new UnsupportedPolicyException("condition operator " + name);
    }

    PatternMatch.Mode mode() {
        return switch (comparison) {
            case STRING_EQUALS -> PatternMatch.Mode.EQUALS;
            case STRING_LIKE -> PatternMatch.Mode.LIKE;
            case ARN_LIKE -> PatternMatch.Mode.ARN_LIKE;
            case NULL -> throw new IllegalStateException("Null compares no strings");
        };
    }

    /**
     * Whether, on a multi-valued key, the condition asks for one value that matches (so a counterexample needs one
     * value of its own for it), as opposed to constraining every value.
     */
    boolean existential() {
        return qualifier == Qualifier.FOR_ANY_VALUE || qualifier == Qualifier.SINGLE && !negated;
    }
}
