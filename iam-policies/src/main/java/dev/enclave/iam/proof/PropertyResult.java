package dev.enclave.iam.proof;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A property decided: Z3's answer and OSTRICH's second opinion. It holds only when Z3 answers the proving way (unsat
 * for safety, sat for liveness) and OSTRICH agrees; unknown and timeouts never hold.
 *
 * @param query   the question
 * @param z3      Z3's answer, with its model on sat
 * @param ostrich OSTRICH's outcome, or empty when not asked (Z3 already found a counterexample)
 */
public record PropertyResult(Query query, SolverAnswer z3, Optional<SolverVerdict> ostrich) {

    /** Whether both solvers answered the proving way. */
    public boolean holds() {
        SolverVerdict proving = query.liveness() ? SolverVerdict.SAT : SolverVerdict.UNSAT;
        return z3.outcome() == proving && ostrich.map(o -> o == proving).orElse(false);
    }

    /** Whether Z3's answer alone would prove it, so a second opinion is due. */
    boolean provedByZ3() {
        return z3.outcome() == (query.liveness() ? SolverVerdict.SAT : SolverVerdict.UNSAT);
    }

    /**
     * The model's requests as replayable cases: a counterexample for a failed safety property, a witness for a
     * liveness one; empty when the solver gave no model.
     */
    public List<ReplayCase> cases() {
        List<ReplayCase> cases = new ArrayList<>();
        if (z3.outcome() != SolverVerdict.SAT) {
            return cases;
        }
        List<SymbolicRequest> requests = query.requests();
        for (Query.Probe probe : query.probes()) {
            ConcreteRequest request = z3.requests().get(requests.indexOf(probe.request()));
            cases.add(new ReplayCase(probe.authorization().identityJson(), probe.authorization().sessionJson(),
                    request, probe.allowed()));
        }
        return cases;
    }

    /** One line: verdict, property, subject, claim, answers and time. */
    public String line() {
        String verdict = holds() ? "HOLDS " : "FAILS ";
        return verdict + query.property() + "  " + query.subject() + ": " + query.claim() + "  [z3 "
                + z3.outcome().name().toLowerCase() + (z3.reason().isEmpty() ? "" : " (" + z3.reason() + ")")
                + " " + z3.millis() + " ms, ostrich " + ostrich.map(o -> o.name().toLowerCase()).orElse("not asked")
                + "]";
    }
}
