package dev.enclave.iam.policy;

import java.util.List;
import software.amazon.awssdk.policybuilder.iam.IamConditionOperator;
import software.amazon.awssdk.policybuilder.iam.IamStatement;

/** The leading-key conditions every tenant statement carries. */
final class PolicyConditions {

    static final String LEADING_KEYS = "dynamodb:LeadingKeys";

    private PolicyConditions() {
    }

    /**
     * {@code ForAllValues:StringLike} on the patterns, plus {@code Null: false}: {@code ForAllValues} alone is true
     * for a request with no leading keys at all (Scan, table operations), so the key must also be present.
     */
    static IamStatement.Builder leadingKeysLike(IamStatement.Builder statement, List<String> patterns) {
        return statement
                .addConditions(IamConditionOperator.STRING_LIKE.addPrefix("ForAllValues:"), LEADING_KEYS, patterns)
                .addCondition(IamConditionOperator.NULL, LEADING_KEYS, "false");
    }
}
