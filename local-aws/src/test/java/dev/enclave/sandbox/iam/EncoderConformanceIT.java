package dev.enclave.sandbox.iam;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.iam.proof.Authorization;
import dev.enclave.iam.proof.ConcreteRequest;
import dev.enclave.iam.proof.EncodedPolicy;
import dev.enclave.iam.proof.UnsupportedPolicyException;
import dev.enclave.iam.proof.Z3Solver;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The proof's encoder kept honest: on the whole conformance corpus its concrete decision (Z3 on the SMT formula with
 * the request fixed) equals the sandbox evaluator's and {@code @cloud-copilot/iam-simulate}'s; the only documents
 * it refuses are those holding an element or condition operator it does not model (NotAction, NotResource; the date,
 * numeric and IP address families, which none of Enclave's documents use), and it refuses them loudly.
 */
class EncoderConformanceIT {

    private static final List<ConformanceCorpus.Case> CORPUS = ConformanceCorpus.generate(PolicyConformanceTest.CASES,
            PolicyConformanceTest.SEED);

    @Test
    void encoder_decidesAsTheSandbox_onTheWholeCorpus_andRefusesOnlyWhatItDoesNotModel() {
        List<Optional<String>> ours = encoderDecisions();

        List<String> disagreements = new ArrayList<>();
        for (int i = 0; i < CORPUS.size(); i++) {
            ConformanceCorpus.Case c = CORPUS.get(i);
            if (ours.get(i).isEmpty()) {
                assertThat(String.join(" ", c.policies()) + c.sessionPolicy()).as("refused case #" + i)
                        .containsAnyOf("NotAction", "NotResource", "\"Date", "\"Numeric", "IpAddress\"");
            } else if (!ours.get(i).get().equals(c.decide().name())) {
                disagreements.add("#" + i + " encoder=" + ours.get(i).get() + " sandbox=" + c.decide() + " " + c);
            }
        }
        long refused = ours.stream().filter(Optional::isEmpty).count();
        System.out.printf("encoder conformance: %d cases, %d decided, all as the sandbox: %s; %d refused "
                + "(what it does not model)%n", CORPUS.size(), CORPUS.size() - refused, disagreements.isEmpty(),
                refused);
        assertThat(disagreements).as(String.join("\n", disagreements.subList(0, Math.min(10,
                disagreements.size())))).isEmpty();
        assertThat(refused).isLessThan(CORPUS.size() / 6);
    }

    @Test
    void encoder_decidesAsIamSimulate_onTheWholeCorpus() throws Exception {
        List<String> theirs = IamSimulate.decide(CORPUS);
        List<Optional<String>> ours = encoderDecisions();

        List<String> disagreements = new ArrayList<>();
        for (int i = 0; i < CORPUS.size(); i++) {
            if (ours.get(i).isPresent() && !ours.get(i).get().equals(theirs.get(i))) {
                disagreements.add("#" + i + " encoder=" + ours.get(i).get() + " iam-simulate=" + theirs.get(i));
            }
        }
        assertThat(disagreements).isEmpty();
    }

    /** The encoder's decision on each case, or empty where it refused a document. */
    private static List<Optional<String>> encoderDecisions() {
        List<Optional<String>> decisions = new ArrayList<>();
        try (Z3Solver z3 = new Z3Solver(10_000)) {
            for (ConformanceCorpus.Case c : CORPUS) {
                decisions.add(decide(z3, c));
            }
        }
        return decisions;
    }

    private static Optional<String> decide(Z3Solver z3, ConformanceCorpus.Case c) {
        try {
            List<EncodedPolicy> identity = c.policies().stream().map(EncodedPolicy::of).toList();
            Optional<EncodedPolicy> session = Optional.ofNullable(c.sessionPolicy()).map(EncodedPolicy::of);
            return Optional.of(z3.decide(new Authorization(identity, session), new ConcreteRequest(c.action(),
                    c.resource(), c.context())).name());
        } catch (UnsupportedPolicyException refused) {
            return Optional.empty();
        }
    }
}
