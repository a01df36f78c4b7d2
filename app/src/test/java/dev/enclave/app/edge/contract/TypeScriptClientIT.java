package dev.enclave.app.edge.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The TypeScript clients the build generates from the document with the docs' command ({@code typescript-fetch},
 * default options) type-check under {@code tsc --strict}, each together with the tenant web app example in
 * {@code docs/examples} that uses it: the pinned generator's ({@code app/target/enclave-client-ts}), the newest
 * one's, and 7.23.0's, whose client failed in issue 29 on {@code ContainerCredentials}' capitalised names
 * ({@code app/target/enclave-client-ts-<version>}). The versions come from the build ({@code openapi.generators}).
 * Skipped, with the reason, where Node or TypeScript is missing — unless {@code ENCLAVE_REQUIRE_CONFORMANCE=true}
 * (CI).
 */
class TypeScriptClientIT {

    private static final String TSC = "node_modules/typescript/bin/tsc";

    static List<String> generators() {
        String versions = System.getProperty("openapi.generators", "");
        assertThat(versions).as("the build names the generators it ran (surefire's openapi.generators)").isNotBlank();
        return Arrays.stream(versions.split(",")).map(String::strip).toList();
    }

    @ParameterizedTest(name = "openapi-generator {0}")
    @MethodSource("generators")
    void generatedClientAndTheDocsExample_typeCheck(String version) throws Exception {
        Path conformance = NodeChecks.conformanceDirectory("TypeScript client check", TSC);
        Path target = conformance.resolveSibling("app/target");
        Path client = clientOf(target, version);
        assertThat(client.resolve("index.ts")).as("the build generates the TypeScript clients before the tests")
                .isRegularFile();
        assertThat(Files.readString(client.resolve(".openapi-generator/VERSION")).strip()).isEqualTo(version);

        Path checks = Files.createDirectories(target.resolve("ts-checks"));
        Path config = checks.resolve("tsconfig-" + version + ".json");
        Files.writeString(config, """
                {
                  "extends": "../../../conformance/tsconfig.clients.json",
                  "compilerOptions": {"baseUrl": ".", "paths": {"@enclave/client": ["../%1$s/index.ts"]}},
                  "include": ["../%1$s/**/*.ts", "../../../docs/examples/*.ts"]
                }
                """.formatted(client.getFileName()));

        NodeChecks.assertSucceeds("tsc", "the TypeScript client of openapi-generator " + version
                + " and docs/examples", conformance, "node", TSC, "--project", config.toString(), "--pretty", "false");
    }

    /** The pinned generator's client is the one the docs point at; the others carry their version. */
    private static Path clientOf(Path target, String version) {
        Path pinned = target.resolve("enclave-client-ts");
        return generators().get(0).equals(version) ? pinned : target.resolve("enclave-client-ts-" + version);
    }
}
