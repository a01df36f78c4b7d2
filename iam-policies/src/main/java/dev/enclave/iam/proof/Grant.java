package dev.enclave.iam.proof;

import java.util.List;

/**
 * Actions a policy is meant to allow on resources (all of them on each): the specification a proof checks the
 * rendered document against, written independently of the renderer.
 *
 * @param actions   IAM actions, e.g. {@code dynamodb:GetItem}
 * @param resources ARNs, exactly
 */
public record Grant(List<String> actions, List<String> resources) {

    public Grant {
        actions = List.copyOf(actions);
        resources = List.copyOf(resources);
    }

    String covers(SymbolicRequest request) {
        return Smt.and(Properties.actionIn(request, actions), Smt.or(resources.stream()
                .map(r -> Smt.eq(request.resource(), Smt.str(r))).toList()));
    }
}
