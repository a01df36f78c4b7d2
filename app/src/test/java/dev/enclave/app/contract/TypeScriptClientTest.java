package dev.enclave.app.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The TypeScript client the build generates from the document ({@code typescript-fetch}, in
 * {@code app/target/enclave-client-ts}) type-checks under {@code tsc --strict}, together with the tenant web app
 * example in {@code docs/examples} that uses it ({@code conformance/tsconfig.clients.json}). Skipped, with the
 * reason, where Node or TypeScript is missing — unless {@code ENCLAVE_REQUIRE_CONFORMANCE=true} (CI).
 */
class TypeScriptClientTest {

    private static final String TSC = "node_modules/typescript/bin/tsc";

    @Test
    void generatedClientAndTheDocsExample_typeCheck() throws Exception {
        Path conformance = NodeChecks.conformanceDirectory("TypeScript client check", TSC);
        Path client = conformance.resolveSibling("app/target/enclave-client-ts/index.ts");
        assertThat(client).as("the build generates the TypeScript client before the tests").isRegularFile();
        assertThat(Files.readString(client)).contains("apis", "models");

        NodeChecks.assertSucceeds("tsc", "the generated TypeScript client and docs/examples", conformance,
                "node", TSC, "--project", "tsconfig.clients.json", "--pretty", "false");
    }
}
