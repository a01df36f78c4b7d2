package dev.enclave.iam.proof;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A property holds only when Z3 answers the proving way and OSTRICH agrees; unknown never proves anything. */
class PropertyResultTest {

    private static final Query SAFETY = Query.builder("P1", "s", "claim", false).build();
    private static final Query LIVENESS = Query.builder("P7", "s", "claim", true).build();

    @Test
    void safety_holdsOnlyWhenBothSolversAnswerUnsat() {
        assertThat(result(SAFETY, SolverVerdict.UNSAT, SolverVerdict.UNSAT).holds()).isTrue();
        assertThat(result(SAFETY, SolverVerdict.UNSAT, SolverVerdict.UNKNOWN).holds()).isFalse();
        assertThat(result(SAFETY, SolverVerdict.UNSAT, SolverVerdict.SAT).holds()).isFalse();
        assertThat(result(SAFETY, SolverVerdict.UNKNOWN, SolverVerdict.UNSAT).holds()).isFalse();
        assertThat(new PropertyResult(SAFETY, answer(SolverVerdict.UNSAT), Optional.empty()).holds()).isFalse();
    }

    @Test
    void liveness_holdsOnlyWhenBothFindTheWitness() {
        assertThat(result(LIVENESS, SolverVerdict.SAT, SolverVerdict.SAT).holds()).isTrue();
        assertThat(result(LIVENESS, SolverVerdict.SAT, SolverVerdict.UNKNOWN).holds()).isFalse();
        assertThat(result(LIVENESS, SolverVerdict.UNSAT, SolverVerdict.UNSAT).holds()).isFalse();
    }

    @Test
    void ostrich_answersSatAndUnsat_inOrder_acrossItsTwoJvms() {
        String sat = "(declare-const x String)\n(assert (str.prefixof \"TENANT#a#\" x))\n";
        String unsat = sat + "(assert (str.prefixof \"TENANT#b#\" x))\n";

        assertThat(new OstrichSolver(10_000).solve(List.of(sat, unsat, sat)))
                .containsExactly(SolverVerdict.SAT, SolverVerdict.UNSAT, SolverVerdict.SAT);
    }

    private static PropertyResult result(Query query, SolverVerdict z3, SolverVerdict ostrich) {
        return new PropertyResult(query, answer(z3), Optional.of(ostrich));
    }

    private static SolverAnswer answer(SolverVerdict outcome) {
        return new SolverAnswer(outcome, "", List.of(), Map.of(), List.of(), false, 0);
    }
}
