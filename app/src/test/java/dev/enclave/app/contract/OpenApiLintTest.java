package dev.enclave.app.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Spectral ({@code spectral:oas}) and Redocly ({@code recommended}) lint of the OpenAPI document micronaut-openapi
 * generates at compile time, as a client generator would read it; their configuration, and the reason for every rule
 * turned off or down to a warning, is in {@code conformance/.spectral.yaml} and {@code conformance/redocly.yaml}.
 * Any error fails; warnings are printed. Skipped, with the reason, where Node or the linters are missing — unless
 * {@code ENCLAVE_REQUIRE_CONFORMANCE=true} (CI), where that fails.
 */
class OpenApiLintTest {

    private static final String DOCUMENT = "META-INF/swagger/enclave.yml";
    private static final long TIMEOUT_SECONDS = 120;
    private static final String SPECTRAL = "node_modules/@stoplight/spectral-cli/dist/index.js";
    private static final String REDOCLY = "node_modules/@redocly/cli/bin/cli.js";

    @Test
    void spectral_reportsNoErrors() throws Exception {
        Path conformance = conformanceDirectory();

        assertNoErrors("Spectral", conformance,
                "node", SPECTRAL, "lint", "--ruleset", ".spectral.yaml", "--fail-severity", "error", document());
    }

    @Test
    void redocly_reportsNoErrors() throws Exception {
        Path conformance = conformanceDirectory();

        assertNoErrors("Redocly", conformance,
                "node", REDOCLY, "lint", "--config", "redocly.yaml", "--format", "stylish", "--max-problems", "1000",
                document());
    }

    private static void assertNoErrors(String linter, Path conformance, String... command)
            throws IOException, InterruptedException {
        Path report = Files.createTempFile("openapi-lint", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).directory(conformance.toFile())
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

        assertThat(finished).as(linter + " did not finish in " + TIMEOUT_SECONDS + " s:\n" + output).isTrue();
        assertThat(process.exitValue()).as(linter + " reports errors in " + DOCUMENT + " (or could not run):\n"
                + output).isZero();
        System.out.println(linter + ": no errors in " + DOCUMENT + "\n" + output);
    }

    private static String document() throws IOException, URISyntaxException {
        URL url = OpenApiLintTest.class.getClassLoader().getResource(DOCUMENT);
        if (url == null) {
            return fail(DOCUMENT + " is not on the test classpath (micronaut-openapi writes it when app compiles)");
        }
        if ("file".equals(url.getProtocol())) {
            return Path.of(url.toURI()).toString();
        }
        Path copy = Files.createTempFile("enclave", ".yml");
        copy.toFile().deleteOnExit();
        try (InputStream in = url.openStream()) {
            Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
        }
        return copy.toString();
    }

    private static Path conformanceDirectory() {
        boolean required = "true".equalsIgnoreCase(System.getenv("ENCLAVE_REQUIRE_CONFORMANCE"));
        Optional<Path> directory = findUpwards(Path.of("").toAbsolutePath());
        String missing = directory.isEmpty() ? "conformance/ not found above " + Path.of("").toAbsolutePath()
                : !Files.isRegularFile(directory.get().resolve(SPECTRAL))
                        || !Files.isRegularFile(directory.get().resolve(REDOCLY))
                ? "Spectral or Redocly is not installed (run ./mvnw with npm on the PATH, or: cd conformance && npm ci)"
                : !nodeAvailable() ? "node is not on the PATH" : null;
        if (missing != null) {
            if (required) {
                fail("OpenAPI lint is required here (ENCLAVE_REQUIRE_CONFORMANCE=true) but " + missing);
            }
            Assumptions.abort("OpenAPI lint skipped: " + missing);
        }
        return directory.get();
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
