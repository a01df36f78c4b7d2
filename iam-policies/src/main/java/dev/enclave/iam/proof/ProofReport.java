package dev.enclave.iam.proof;

import java.util.List;

/**
 * The results of a proof run.
 *
 * @param results one per query, in order
 * @param millis  wall-clock time of the run, both solvers included
 */
public record ProofReport(List<PropertyResult> results, long millis) {

    public ProofReport {
        results = List.copyOf(results);
    }

    /** Whether every property holds. */
    public boolean allHold() {
        return results.stream().allMatch(PropertyResult::holds);
    }

    /** The results that do not hold. */
    public List<PropertyResult> failures() {
        return results.stream().filter(r -> !r.holds()).toList();
    }

    /** Every result on a line, then the totals. */
    public String render() {
        StringBuilder out = new StringBuilder();
        results.forEach(r -> out.append(r.line()).append('\n'));
        long held = results.stream().filter(PropertyResult::holds).count();
        out.append(held).append(" of ").append(results.size()).append(" hold (").append(millis).append(" ms, ")
                .append(Z3Solver.version()).append(", OSTRICH second opinion)\n");
        return out.toString();
    }
}
