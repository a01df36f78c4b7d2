package dev.enclave.sandbox.iam;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Evaluates a set of identity-based policy documents the way IAM does: a matching {@code Deny} wins, else a
 * matching {@code Allow}, else an implicit deny. Backs the local DynamoDB gateway, so it must refuse what AWS
 * refuses.
 */
public final class PolicyEvaluator {

    private static final ObjectMapper JSON = new ObjectMapper();

    private PolicyEvaluator() {
    }

    public static Decision evaluate(List<String> policyDocuments, AuthorizationRequest request) {
        return evaluateParsed(policyDocuments.stream().map(PolicyEvaluator::parse).toList(), request);
    }

    /** {@link #evaluate} on documents parsed once ahead, for callers that evaluate the same ones repeatedly. */
    public static Decision evaluateParsed(List<ParsedPolicy> policies, AuthorizationRequest request) {
        boolean allowed = false;
        for (ParsedPolicy policy : policies) {
            for (JsonNode statement : policy.statements()) {
                if (!matches(statement, request)) {
                    continue;
                }
                if ("Deny".equals(statement.path("Effect").asText())) {
                    return Decision.EXPLICIT_DENY;
                }
                allowed |= "Allow".equals(statement.path("Effect").asText());
            }
        }
        return allowed ? Decision.ALLOW : Decision.IMPLICIT_DENY;
    }

    private static boolean matches(JsonNode statement, AuthorizationRequest request) {
        return listed(statement, "Action", "NotAction", request.action(), request, true)
                && listed(statement, "Resource", "NotResource", request.resource(), request, false)
                && ConditionBlock.holds(statement.get("Condition"), request);
    }

    private static boolean listed(JsonNode statement, String field, String notField, String value,
                                  AuthorizationRequest request, boolean ignoreCase) {
        if (statement.has(field)) {
            return anyMatches(ConditionBlock.strings(statement.get(field)), value, request, ignoreCase);
        }
        if (statement.has(notField)) {
            return !anyMatches(ConditionBlock.strings(statement.get(notField)), value, request, ignoreCase);
        }
        return false;
    }

    private static boolean anyMatches(List<String> patterns, String value, AuthorizationRequest request,
                                      boolean ignoreCase) {
        return patterns.stream().anyMatch(p -> PolicyPatterns.glob(p, request, ignoreCase)
                .map(glob -> glob.matches(value)).orElse(false));
    }

    /**
     * A policy document's statements, parsed. Treat as read-only.
     *
     * @param statements the statements, each a JSON object
     */
    public record ParsedPolicy(List<JsonNode> statements) {

        public ParsedPolicy {
            statements = List.copyOf(statements);
        }
    }

    /**
     * The first condition operator in {@code document} that IAM does not know, if any: STS refuses such a policy
     * (MalformedPolicyDocument) rather than evaluate it, so a misspelt Deny never silently allows.
     */
    public static Optional<String> unknownConditionOperator(String document) {
        return statements(document).stream().flatMap(statement -> {
            List<String> names = new ArrayList<>();
            statement.path("Condition").fieldNames().forEachRemaining(names::add);
            return names.stream();
        }).filter(name -> ConditionOperator.parse(name) == null).findFirst();
    }

    /**
     * Parses a policy document once.
     *
     * @throws UncheckedIOException when it is not JSON
     */
    public static ParsedPolicy parse(String document) {
        return new ParsedPolicy(statements(document));
    }

    private static List<JsonNode> statements(String document) {
        try {
            JsonNode statement = JSON.readTree(document).path("Statement");
            List<JsonNode> statements = new ArrayList<>();
            if (statement.isArray()) {
                statement.forEach(statements::add);
            } else if (statement.isObject()) {
                statements.add(statement);
            }
            return statements;
        } catch (IOException e) {
            throw new UncheckedIOException("unreadable policy document", e);
        }
    }
}
