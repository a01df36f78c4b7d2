package dev.enclave.iam.proof;

import java.util.List;

/**
 * One statement: its effect, the actions (compared ignoring case) and resources (ARN patterns by segment) it
 * names, and its conditions, all of which must hold.
 */
record Statement(boolean allow, List<StringPattern> actions, List<StringPattern> resources,
                 List<Condition> conditions) {

    Statement {
        actions = List.copyOf(actions);
        resources = List.copyOf(resources);
        conditions = List.copyOf(conditions);
    }

    String matches(SymbolicRequest request) {
        String action = PatternMatch.matchesAny(actions, request.action(), request,
                PatternMatch.Mode.LIKE_IGNORING_CASE);
        String resource = PatternMatch.matchesAny(resources, request.resource(), request, PatternMatch.Mode.ARN_LIKE);
        return Smt.and(action, resource, Smt.and(conditions.stream().map(c -> c.holds(request)).toList()));
    }
}
