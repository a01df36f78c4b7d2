package dev.enclave.sandbox.iam;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.enclave.table.TableDesign;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The sandbox's IAM decisions against an independent evaluator, {@code @cloud-copilot/iam-simulate} (Node, test
 * time only, in {@code conformance/}, see {@link IamSimulate}), on a generated corpus.
 */
class PolicyConformanceTest {

    static final int CASES = 2400;
    static final long SEED = 20261122L;
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void decisions_agreeWithIamSimulate_onTheWholeCorpus() throws Exception {
        List<ConformanceCorpus.Case> corpus = ConformanceCorpus.generate(CASES, SEED);

        List<String> theirs = IamSimulate.decide(corpus);

        assertThat(theirs).hasSize(corpus.size());
        List<String> disagreements = new ArrayList<>();
        for (int i = 0; i < corpus.size(); i++) {
            String ours = corpus.get(i).decide().name();
            if (!ours.equals(theirs.get(i))) {
                disagreements.add("#" + i + " ours=" + ours + " iam-simulate=" + theirs.get(i) + "\n  "
                        + JSON.writeValueAsString(corpus.get(i)));
            }
        }
        System.out.printf("conformance: %d cases, %d agree (%.1f%%)%n", corpus.size(),
                corpus.size() - disagreements.size(), 100.0 * (corpus.size() - disagreements.size()) / corpus.size());
        assertThat(disagreements).as("first disagreements:\n" + String.join("\n",
                disagreements.subList(0, Math.min(10, disagreements.size())))).isEmpty();
    }

    @Test
    void corpus_coversAllowsAndBothKindsOfDeny() {
        List<ConformanceCorpus.Case> corpus = ConformanceCorpus.generate(CASES, SEED);

        assertThat(corpus.stream().map(ConformanceCorpus.Case::decide).distinct())
                .containsExactlyInAnyOrder(Decision.ALLOW, Decision.EXPLICIT_DENY, Decision.IMPLICIT_DENY);
        assertThat(corpus).hasSizeGreaterThanOrEqualTo(1000);
    }

    @Test
    void corpus_exercisesTheIndexKeyDenyOfHandedOutSessions() {
        List<ConformanceCorpus.Case> handedOut = ConformanceCorpus.generate(CASES, SEED).stream()
                .filter(c -> c.sessionPolicy() != null).toList();

        assertThat(handedOut.stream().filter(c -> c.decide() == Decision.EXPLICIT_DENY && namesAnIndexKey(c)))
                .as("writes naming an index key, denied by the session policy").hasSizeGreaterThan(50);
        assertThat(handedOut.stream().filter(c -> c.decide() == Decision.ALLOW && c.action().endsWith("PutItem")))
                .as("clean writes to the own data namespace, allowed").isNotEmpty();
        assertThat(handedOut.stream().filter(c -> c.decide() == Decision.ALLOW && c.request()
                .values("dynamodb:Attributes").orElse(List.of()).contains("gsi1pk")))
                .as("another case is another attribute").isNotEmpty();
    }

    private static boolean namesAnIndexKey(ConformanceCorpus.Case c) {
        return c.request().values("dynamodb:Attributes").orElse(List.of()).stream()
                .anyMatch(TableDesign.ENCLAVE.indexKeyAttributes()::contains);
    }
}
