package dev.enclave.sandbox.iam;

import java.util.List;
import java.util.Optional;

/** A parsed condition operator such as {@code ForAllValues:StringLikeIfExists}. */
record ConditionOperator(Set set, Base base, boolean negated, boolean ifExists) {

    enum Set { SINGLE, FOR_ALL_VALUES, FOR_ANY_VALUE }

    enum Base { STRING_EQUALS, STRING_EQUALS_IGNORE_CASE, STRING_LIKE, BOOL, NULL }

    /** The operator, or {@code null} when IAM would not know it (the statement then does not match). */
    static ConditionOperator parse(String name) {
        Set set = Set.SINGLE;
        String rest = name;
        if (rest.regionMatches(true, 0, "ForAllValues:", 0, 13)) {
            set = Set.FOR_ALL_VALUES;
            rest = rest.substring(13);
        } else if (rest.regionMatches(true, 0, "ForAnyValue:", 0, 12)) {
            set = Set.FOR_ANY_VALUE;
            rest = rest.substring(12);
        }
        boolean ifExists = rest.endsWith("IfExists");
        if (ifExists) {
            rest = rest.substring(0, rest.length() - "IfExists".length());
        }
        return switch (rest) {
            case "StringEquals", "ArnEquals" -> new ConditionOperator(set, Base.STRING_EQUALS, false, ifExists);
            case "StringNotEquals", "ArnNotEquals" -> new ConditionOperator(set, Base.STRING_EQUALS, true, ifExists);
            case "StringEqualsIgnoreCase" -> new ConditionOperator(set, Base.STRING_EQUALS_IGNORE_CASE, false, ifExists);
            case "StringNotEqualsIgnoreCase" -> new ConditionOperator(set, Base.STRING_EQUALS_IGNORE_CASE, true, ifExists);
            case "StringLike", "ArnLike" -> new ConditionOperator(set, Base.STRING_LIKE, false, ifExists);
            case "StringNotLike", "ArnNotLike" -> new ConditionOperator(set, Base.STRING_LIKE, true, ifExists);
            case "Bool" -> new ConditionOperator(set, Base.BOOL, false, ifExists);
            case "Null" -> ifExists ? null : new ConditionOperator(set, Base.NULL, false, false);
            default -> null;
        };
    }

    /** Whether one request value satisfies the operator against the policy's alternatives. */
    boolean test(String requestValue, List<String> policyValues, AuthorizationRequest request) {
        boolean matchesAny = policyValues.stream().anyMatch(p -> matches(requestValue, p, request));
        return negated != matchesAny;
    }

    private boolean matches(String requestValue, String policyValue, AuthorizationRequest request) {
        return switch (base) {
            case STRING_EQUALS -> PolicyPatterns.literal(policyValue, request).filter(requestValue::equals).isPresent();
            case STRING_EQUALS_IGNORE_CASE -> PolicyPatterns.literal(policyValue, request)
                    .filter(requestValue::equalsIgnoreCase).isPresent();
            case STRING_LIKE -> PolicyPatterns.glob(policyValue, request, false)
                    .map(glob -> glob.matches(requestValue)).orElse(false);
            case BOOL -> Optional.of(policyValue).filter(requestValue::equalsIgnoreCase).isPresent();
            case NULL -> false;
        };
    }
}
