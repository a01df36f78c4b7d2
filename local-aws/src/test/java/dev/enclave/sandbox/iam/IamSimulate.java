package dev.enclave.sandbox.iam;

import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.enclave.conformance.NodeConformance;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code @cloud-copilot/iam-simulate}, an IAM evaluator independent of ours, driven through
 * {@code conformance/evaluate.mjs} (Node, test time only). Where Node or the package is missing a test using it is
 * skipped with the reason — unless {@code ENCLAVE_REQUIRE_CONFORMANCE=true} (CI), where that fails.
 */
final class IamSimulate {

    private static final ObjectMapper JSON = new ObjectMapper();

    private IamSimulate() {
    }

    /** Its decision on each case ({@code ALLOW}, {@code EXPLICIT_DENY}, {@code IMPLICIT_DENY} or an error). */
    static List<String> decide(List<ConformanceCorpus.Case> cases) throws IOException, InterruptedException {
        Path conformance = conformanceDirectory();
        Path input = Files.createTempFile("conformance-cases", ".json");
        try {
            JSON.writeValue(input.toFile(), cases);
            NodeConformance.Run run = NodeConformance.node(conformance, "evaluate.mjs", input.toString());
            if (run.status() != 0) {
                fail("iam-simulate failed: " + run.output());
            }
            List<String> decisions = List.of(JSON.readValue(run.output(), String[].class));
            if (decisions.size() != cases.size()) {
                fail("iam-simulate decided " + decisions.size() + " of " + cases.size() + " cases");
            }
            return decisions;
        } finally {
            Files.deleteIfExists(input);
        }
    }

    /** The conformance directory, or the test aborted (failed in CI) with why it is unusable. */
    static Path conformanceDirectory() {
        return NodeConformance.directory("IAM conformance", "@cloud-copilot/iam-simulate");
    }
}
