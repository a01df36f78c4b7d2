package dev.enclave.app.edge.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs the Node-based checkers installed in {@code conformance/node_modules} (by the build's {@code npm ci}).
 * Where Node or a checker is missing the calling test is skipped with the reason, unless
 * {@code ENCLAVE_REQUIRE_CONFORMANCE=true} (CI), where that fails.
 */
final class NodeChecks {

    private static final long TIMEOUT_SECONDS = 120;

    private NodeChecks() {
    }

    /** The {@code conformance/} directory, once every one of {@code tools} (paths inside it) is installed. */
    static Path conformanceDirectory(String check, String... tools) {
        boolean required = "true".equalsIgnoreCase(System.getenv("ENCLAVE_REQUIRE_CONFORMANCE"));
        Optional<Path> directory = findUpwards(Path.of("").toAbsolutePath());
        String missing = directory.isEmpty() ? "conformance/ not found above " + Path.of("").toAbsolutePath()
                : !java.util.Arrays.stream(tools).allMatch(tool -> Files.isRegularFile(directory.get().resolve(tool)))
                ? String.join(" or ", tools) + " is not installed (run ./mvnw with npm on the PATH, or: "
                        + "cd conformance && npm ci)"
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
     * Runs {@code command} in {@code directory}; asserts it finishes in time with exit status 0. Its output is shown
     * when it fails (the tools' banners and notices would only bury real trouble otherwise).
     */
    static void assertSucceeds(String check, String what, Path directory, String... command)
            throws IOException, InterruptedException {
        Path report = Files.createTempFile("node-check", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile())
                .redirectErrorStream(true).redirectOutput(report.toFile());
        builder.environment().putAll(Map.of("NO_COLOR", "1", "FORCE_COLOR", "0",
                "REDOCLY_TELEMETRY", "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE", "true"));
        Process process = builder.start();
        boolean finished = process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (!finished) {
            process.destroyForcibly().waitFor();
        }
        String output = Files.readString(report);
        Files.delete(report);

        assertThat(finished).as(check + " did not finish in " + TIMEOUT_SECONDS + " s:\n" + output).isTrue();
        assertThat(process.exitValue()).as(check + " reports errors in " + what + " (or could not run):\n"
                + output).isZero();
        System.out.println(check + ": no errors in " + what);
    }

    private static Optional<Path> findUpwards(Path start) {
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("conformance/redocly.yaml"))) {
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
