package dev.enclave.tenancy.sandbox.iam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.conformance.NodeConformance;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The sandbox's IAM decisions against an independent evaluator, {@code @cloud-copilot/iam-simulate} (Node, test
 * time only, in {@code conformance/}), on a generated corpus. Skipped, with the reason, where Node or the package
 * is missing — unless {@code ENCLAVE_REQUIRE_CONFORMANCE=true} (CI), where that fails.
 */
class PolicyConformanceTest {

    private static final int CASES = 2400;
    private static final long SEED = 20261122L;
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void decisions_agreeWithIamSimulate_onTheWholeCorpus() throws Exception {
        Path conformance = conformanceDirectory();
        List<ConformanceCorpus.Case> corpus = ConformanceCorpus.generate(CASES, SEED);
        Path input = Files.createTempFile("conformance-cases", ".json");
        JSON.writeValue(input.toFile(), corpus);

        List<String> theirs = runIamSimulate(conformance, input);

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
        Files.deleteIfExists(input);
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

    private static List<String> runIamSimulate(Path conformance, Path input) throws IOException, InterruptedException {
        NodeConformance.Run run = NodeConformance.node(conformance, "evaluate.mjs", input.toString());
        if (run.status() != 0) {
            fail("iam-simulate failed: " + run.output());
        }
        return List.of(JSON.readValue(run.output(), String[].class));
    }

    private static Path conformanceDirectory() {
        return NodeConformance.directory("IAM conformance", "@cloud-copilot/iam-simulate");
    }
}
