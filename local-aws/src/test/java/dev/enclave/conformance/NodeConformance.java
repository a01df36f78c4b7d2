package dev.enclave.conformance;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The Node-based checkers in {@code conformance/} (installed by the build's {@code npm ci}): the independent IAM
 * evaluator ({@code evaluate.mjs}, {@code @cloud-copilot/iam-simulate}) and the CloudFormation specification check
 * ({@code check-templates.mjs}). Where Node or a package is missing the calling test is skipped with the reason,
 * unless {@code ENCLAVE_REQUIRE_CONFORMANCE=true} (CI), where that fails.
 */
public final class NodeConformance {

    private NodeConformance() {
    }

    /** The standard output and exit status of a finished Node script. */
    public record Run(int status, String output) {
    }

    /** The {@code conformance/} directory, once {@code node_modules/<module>} is installed and Node runs. */
    public static Path directory(String check, String module) {
        boolean required = "true".equalsIgnoreCase(System.getenv("ENCLAVE_REQUIRE_CONFORMANCE"));
        Optional<Path> directory = findUpwards(Path.of("").toAbsolutePath());
        String missing = directory.isEmpty() ? "conformance/ not found above " + Path.of("").toAbsolutePath()
                : !Files.isDirectory(directory.get().resolve("node_modules").resolve(module))
                ? module + " is not installed (run: cd conformance && npm ci)"
                : !nodeAvailable() ? "node is not on the PATH" : null;
        if (missing != null) {
            if (required) {
                fail(check + " is required here (ENCLAVE_REQUIRE_CONFORMANCE=true) but " + missing);
            }
            Assumptions.abort(check + " skipped: " + missing);
        }
        return directory.get();
    }

    /**
     * Runs {@code node <script> <args>} in {@code directory} and answers its standard output (its errors go to the
     * test's); fails the test if it does not finish in two minutes.
     */
    public static Run node(Path directory, String script, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("node", script));
        command.addAll(List.of(args));
        Process node = new ProcessBuilder(command).directory(directory.toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        byte[] output = node.getInputStream().readAllBytes();
        if (!node.waitFor(120, TimeUnit.SECONDS)) {
            node.destroyForcibly();
            fail(script + " did not finish in 120 s");
        }
        return new Run(node.exitValue(), new String(output, StandardCharsets.UTF_8));
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
