package dev.enclave.sandbox.iam;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A statement's {@code Condition} block: every operator must hold, every key of an operator must hold, and the
 * values listed for one key are alternatives. Set operators ({@code ForAllValues:}, {@code ForAnyValue:}) and the
 * {@code IfExists} suffix follow IAM, including its trap: {@code ForAllValues} holds when the key is absent or its
 * value set is empty. A key present with an empty set is present for {@code Null} (as iam-simulate has it; the
 * gateway never sends an empty set, it leaves the key out).
 */
final class ConditionBlock {

    private ConditionBlock() {
    }

    static boolean holds(JsonNode condition, AuthorizationRequest request) {
        if (condition == null || condition.isNull()) {
            return true;
        }
        for (Iterator<Map.Entry<String, JsonNode>> ops = condition.fields(); ops.hasNext(); ) {
            Map.Entry<String, JsonNode> op = ops.next();
            for (Iterator<Map.Entry<String, JsonNode>> keys = op.getValue().fields(); keys.hasNext(); ) {
                Map.Entry<String, JsonNode> key = keys.next();
                if (!holds(op.getKey(), key.getKey(), strings(key.getValue()), request)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean holds(String operatorName, String key, List<String> policyValues,
                                 AuthorizationRequest request) {
        ConditionOperator op = ConditionOperator.parse(operatorName);
        if (op == null) {
            return false;
        }
        Optional<List<String>> present = request.values(key);
        if (op.base() == ConditionOperator.Base.NULL) {
            boolean wantsAbsent = policyValues.stream().anyMatch(v -> v.equalsIgnoreCase("true"));
            return wantsAbsent == present.isEmpty();
        }
        if (present.isEmpty()) {
            return switch (op.set()) {
                case FOR_ALL_VALUES -> true;
                case FOR_ANY_VALUE -> false;
                case SINGLE -> op.ifExists() || op.negated();
            };
        }
        List<String> values = present.get();
        return switch (op.set()) {
            case FOR_ALL_VALUES -> values.stream().allMatch(v -> op.test(v, policyValues, request));
            case FOR_ANY_VALUE -> values.stream().anyMatch(v -> op.test(v, policyValues, request));
            case SINGLE -> op.negated()
                    ? values.stream().allMatch(v -> op.test(v, policyValues, request))
                    : values.stream().anyMatch(v -> op.test(v, policyValues, request));
        };
    }

    static List<String> strings(JsonNode node) {
        List<String> values = new ArrayList<>();
        if (node == null || node.isNull()) {
            return values;
        }
        if (node.isArray()) {
            node.forEach(n -> values.add(n.asText()));
        } else {
            values.add(node.asText());
        }
        return values;
    }
}
