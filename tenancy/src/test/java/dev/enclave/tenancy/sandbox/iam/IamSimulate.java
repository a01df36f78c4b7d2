package dev.enclave.tenancy.sandbox.iam;

import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

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
            Process node = new ProcessBuilder("node", "evaluate.mjs", input.toString())
                    .directory(conformance.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            byte[] output = node.getInputStream().readAllBytes();
            if (!node.waitFor(120, TimeUnit.SECONDS) || node.exitValue() != 0) {
                fail("iam-simulate failed: " + new String(output, StandardCharsets.UTF_8));
            }
            List<String> decisions = List.of(JSON.readValue(output, String[].class));
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
        boolean required = "true".equalsIgnoreCase(System.getenv("ENCLAVE_REQUIRE_CONFORMANCE"));
        Optional<Path> directory = findUpwards(Path.of("").toAbsolutePath());
        String missing = directory.isEmpty() ? "conformance/ not found above " + Path.of("").toAbsolutePath()
                : !Files.isDirectory(directory.get().resolve("node_modules/@cloud-copilot/iam-simulate"))
                ? "@cloud-copilot/iam-simulate is not installed (run: cd conformance && npm ci)"
                : !nodeAvailable() ? "node is not on the PATH" : null;
        if (missing != null) {
            if (required) {
                fail("IAM conformance is required here (ENCLAVE_REQUIRE_CONFORMANCE=true) but " + missing);
            }
            Assumptions.abort("IAM conformance skipped: " + missing);
        }
        return directory.get();
    }

    private static Optional<Path> findUpwards(Path start) {
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("conformance/evaluate.mjs"))) {
                return Optional.of(dir.resolve("conformance"));
            }
        }
        return Optional.empty();
    }

    private static boolean nodeAvailable() {
        try {
            Process probe = new ProcessBuilder("node", "--version").redirectErrorStream(true).start();
            probe.getInputStream().readAllBytes();
            return probe.waitFor(10, TimeUnit.SECONDS) && probe.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
