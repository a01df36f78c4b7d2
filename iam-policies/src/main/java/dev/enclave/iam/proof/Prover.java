package dev.enclave.iam.proof;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Decides queries: Z3 first, each query in a context of its own (so no query's search depends on those before it:
 * in a shared context one property took 10 ms or timed out by what was asked earlier), then OSTRICH on every answer
 * that would prove a property, in one batch — on an unsat answer the same formula, on a witness the formula with Z3's
 * model fixed (so OSTRICH checks the witness).
 */
public final class Prover {

    private final int timeoutMillis;

    /** With {@code timeoutMillis} per query and per solver; a timeout is a failure. */
    public Prover(int timeoutMillis) {
        this.timeoutMillis = timeoutMillis;
    }

    /** Decides every query; the report says which properties hold. */
    public ProofReport prove(List<Query> queries) {
        long start = System.nanoTime();
        List<SolverAnswer> answers = new ArrayList<>();
        for (Query query : queries) {
            try (Z3Solver z3 = new Z3Solver(timeoutMillis)) {
                answers.add(z3.solve(query));
            }
        }
        List<Query> proving = new ArrayList<>();
        List<String> scripts = new ArrayList<>();
        for (int i = 0; i < queries.size(); i++) {
            Query query = queries.get(i);
            if (new PropertyResult(query, answers.get(i), Optional.empty()).provedByZ3()) {
                proving.add(query);
                scripts.add(query.liveness() ? withModel(query, answers.get(i)) : query.script());
            }
        }
        List<SolverVerdict> second = new OstrichSolver(timeoutMillis).solve(scripts);
        List<PropertyResult> results = new ArrayList<>();
        for (int i = 0; i < queries.size(); i++) {
            int asked = proving.indexOf(queries.get(i));
            results.add(new PropertyResult(queries.get(i), answers.get(i),
                    asked < 0 ? Optional.empty() : Optional.of(second.get(asked))));
        }
        return new ProofReport(results, (System.nanoTime() - start) / 1_000_000);
    }

    private static String withModel(Query query, SolverAnswer witness) {
        StringBuilder script = new StringBuilder(query.script());
        witness.assignment().forEach(e -> script.append("(assert ").append(e).append(")\n"));
        return script.toString();
    }
}
