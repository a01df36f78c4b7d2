package dev.enclave.iam.proof;

import java.util.List;
import java.util.Map;

/**
 * One solver's answer to one query.
 *
 * @param outcome  sat, unsat or unknown
 * @param reason   why unknown, or empty
 * @param requests   on sat, the model's requests in the query's order (shaped to be readable where possible)
 * @param parameters on sat, the model's value of each symbolic id, by symbol
 * @param assignment on sat, the model as SMT-LIB equalities, so another solver can check it
 * @param realistic  on sat for a safety property, whether the requests are ones AWS could send: DynamoDB actions
 *                   with only the condition keys AWS lists for them, DynamoDB resource names
 * @param millis     how long the solver took
 */
public record SolverAnswer(SolverVerdict outcome, String reason, List<ConcreteRequest> requests,
                           Map<String, String> parameters, List<String> assignment, boolean realistic, long millis) {

    public SolverAnswer {
        requests = List.copyOf(requests);
        parameters = Map.copyOf(parameters);
        assignment = List.copyOf(assignment);
    }

    static SolverAnswer unknown(String reason, long millis) {
        return new SolverAnswer(SolverVerdict.UNKNOWN, reason, List.of(), Map.of(), List.of(), false, millis);
    }

    static SolverAnswer unsat(long millis) {
        return new SolverAnswer(SolverVerdict.UNSAT, "", List.of(), Map.of(), List.of(), false, millis);
    }
}
