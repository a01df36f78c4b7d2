package dev.enclave.app.edge.contract;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
    private static final String SPECTRAL = "node_modules/@stoplight/spectral-cli/dist/index.js";
    private static final String REDOCLY = "node_modules/@redocly/cli/bin/cli.js";

    @Test
    void spectral_reportsNoErrors() throws Exception {
        Path conformance = NodeChecks.conformanceDirectory("OpenAPI lint", SPECTRAL, REDOCLY);

        NodeChecks.assertSucceeds("Spectral", DOCUMENT, conformance,
                "node", SPECTRAL, "lint", "--ruleset", ".spectral.yaml", "--fail-severity", "error", document());
    }

    @Test
    void redocly_reportsNoErrors() throws Exception {
        Path conformance = NodeChecks.conformanceDirectory("OpenAPI lint", SPECTRAL, REDOCLY);

        NodeChecks.assertSucceeds("Redocly", DOCUMENT, conformance,
                "node", REDOCLY, "lint", "--config", "redocly.yaml", "--format", "stylish", "--max-problems", "1000",
                document());
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
}
