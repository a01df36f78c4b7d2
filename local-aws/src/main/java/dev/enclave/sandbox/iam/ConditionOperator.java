package dev.enclave.sandbox.iam;

import java.util.List;
import java.util.Optional;

/**
 * A parsed condition operator such as {@code ForAllValues:StringLikeIfExists}: IAM's string, ARN, numeric, date,
 * Boolean, binary, IP address and {@code Null} families. A value the operator cannot read (a number that is none, a
 * date in no format IAM reads) matches nothing, as in IAM.
 */
record ConditionOperator(Set set, Base base, Comparison comparison, boolean negated, boolean ifExists) {

    enum Set { SINGLE, FOR_ALL_VALUES, FOR_ANY_VALUE }

    enum Base { STRING_EQUALS, STRING_EQUALS_IGNORE_CASE, STRING_LIKE, BOOL, NULL, NUMERIC, DATE, IP_ADDRESS, BINARY }

    /** How a numeric or date value compares with the policy's. */
    enum Comparison {
        EQUALS, LESS_THAN, LESS_THAN_EQUALS, GREATER_THAN, GREATER_THAN_EQUALS;

        boolean holds(int compared) {
            return switch (this) {
                case EQUALS -> compared == 0;
                case LESS_THAN -> compared < 0;
                case LESS_THAN_EQUALS -> compared <= 0;
                case GREATER_THAN -> compared > 0;
                case GREATER_THAN_EQUALS -> compared >= 0;
            };
        }
    }

    ConditionOperator(Set set, Base base, boolean negated, boolean ifExists) {
        this(set, base, Comparison.EQUALS, negated, ifExists);
    }

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
            case "BinaryEquals" -> new ConditionOperator(set, Base.BINARY, false, ifExists);
            case "IpAddress" -> new ConditionOperator(set, Base.IP_ADDRESS, false, ifExists);
            case "NotIpAddress" -> new ConditionOperator(set, Base.IP_ADDRESS, true, ifExists);
            default -> compared(set, rest, ifExists);
        };
    }

    /** A numeric or date operator ({@code NumericLessThan}, {@code DateNotEquals}, ...), or {@code null}. */
    private static ConditionOperator compared(Set set, String name, boolean ifExists) {
        Base base = name.startsWith("Numeric") ? Base.NUMERIC : name.startsWith("Date") ? Base.DATE : null;
        if (base == null) {
            return null;
        }
        String comparison = name.substring(base == Base.NUMERIC ? "Numeric".length() : "Date".length());
        return switch (comparison) {
            case "Equals" -> new ConditionOperator(set, base, Comparison.EQUALS, false, ifExists);
            case "NotEquals" -> new ConditionOperator(set, base, Comparison.EQUALS, true, ifExists);
            case "LessThan" -> new ConditionOperator(set, base, Comparison.LESS_THAN, false, ifExists);
            case "LessThanEquals" -> new ConditionOperator(set, base, Comparison.LESS_THAN_EQUALS, false, ifExists);
            case "GreaterThan" -> new ConditionOperator(set, base, Comparison.GREATER_THAN, false, ifExists);
            case "GreaterThanEquals" -> new ConditionOperator(set, base, Comparison.GREATER_THAN_EQUALS, false,
                    ifExists);
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
            case NUMERIC -> ConditionValues.number(requestValue).flatMap(value -> ConditionValues.number(policyValue)
                    .map(limit -> comparison.holds(value.compareTo(limit)))).orElse(false);
            case DATE -> ConditionValues.instant(requestValue).flatMap(value -> ConditionValues.instant(policyValue)
                    .map(limit -> comparison.holds(value.compareTo(limit)))).orElse(false);
            case IP_ADDRESS -> ConditionValues.inRange(requestValue, policyValue);
            case BINARY -> requestValue.equals(policyValue);
        };
    }
}
