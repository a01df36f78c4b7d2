package dev.enclave.iam.proof;

import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A policy under proof and what it is meant to do.
 *
 * @param name        e.g. {@code D(acme, k3j9) read-write}
 * @param alone       the policy judged on its own (safety properties: what it allows at most)
 * @param granted     the policy as a session gets it, with the role's policy (liveness: what it really grants)
 * @param parameters  the symbolic ids its document stands for (none for a rendered document)
 * @param grants      the actions and resources it is meant to allow, and no others (P4, P5, P7)
 * @param keys        P1's specification, if it has one: which leading keys an allowed request may name
 * @param indexWrites whether P3 applies: the index key attributes it must never let a write name
 */
public record Subject(String name, Authorization alone, Authorization granted, List<Parameter> parameters,
                      List<Grant> grants, Optional<KeySpec> keys, List<String> indexWrites) {

    public Subject {
        parameters = List.copyOf(parameters);
        grants = List.copyOf(grants);
        indexWrites = List.copyOf(indexWrites);
    }

    /**
     * A symbolic id: a string constant ranging over {@code domain}, standing where the template holds its sentinel.
     *
     * @param symbol the SMT symbol, e.g. {@code |tenant|}
     * @param domain an SMT regular expression every id is in
     */
    public record Parameter(String symbol, String domain) {
    }

    /**
     * P1's specification: under {@code assumption} about the request, an allowed request names leading keys and
     * each satisfies {@code ownKey}.
     *
     * @param description the specification in words
     * @param assumption  what is assumed of the request (e.g. that a session tag is a tenant id), an SMT formula
     * @param ownKey      whether one leading-key value (an SMT term) is the subject's own
     */
    public record KeySpec(String description, Function<SymbolicRequest, String> assumption,
                          BiFunction<SymbolicRequest, String, String> ownKey) {
    }

    List<String> actions() {
        return grants.stream().flatMap(g -> g.actions().stream()).distinct().toList();
    }

    List<String> resources() {
        return grants.stream().flatMap(g -> g.resources().stream()).distinct().toList();
    }
}
