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
        assertThat(result(SAFETY, Outcome.UNSAT, Outcome.UNSAT).holds()).isTrue();
        assertThat(result(SAFETY, Outcome.UNSAT, Outcome.UNKNOWN).holds()).isFalse();
        assertThat(result(SAFETY, Outcome.UNSAT, Outcome.SAT).holds()).isFalse();
        assertThat(result(SAFETY, Outcome.UNKNOWN, Outcome.UNSAT).holds()).isFalse();
        assertThat(new PropertyResult(SAFETY, answer(Outcome.UNSAT), Optional.empty()).holds()).isFalse();
    }

    @Test
    void liveness_holdsOnlyWhenBothFindTheWitness() {
        assertThat(result(LIVENESS, Outcome.SAT, Outcome.SAT).holds()).isTrue();
        assertThat(result(LIVENESS, Outcome.SAT, Outcome.UNKNOWN).holds()).isFalse();
        assertThat(result(LIVENESS, Outcome.UNSAT, Outcome.UNSAT).holds()).isFalse();
    }

    @Test
    void ostrich_answersSatAndUnsat_inOrder_acrossItsTwoJvms() {
        String sat = "(declare-const x String)\n(assert (str.prefixof \"TENANT#a#\" x))\n";
        String unsat = sat + "(assert (str.prefixof \"TENANT#b#\" x))\n";

        assertThat(new OstrichSolver(10_000).solve(List.of(sat, unsat, sat)))
                .containsExactly(Outcome.SAT, Outcome.UNSAT, Outcome.SAT);
    }

    private static PropertyResult result(Query query, Outcome z3, Outcome ostrich) {
        return new PropertyResult(query, answer(z3), Optional.of(ostrich));
    }

    private static Answer answer(Outcome outcome) {
        return new Answer(outcome, "", List.of(), Map.of(), List.of(), false, 0);
    }
}
