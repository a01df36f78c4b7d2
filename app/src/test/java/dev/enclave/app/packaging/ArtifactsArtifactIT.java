package dev.enclave.app.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.support.Api;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checks the two jars the build promises (run by failsafe after {@code package}): the production jar carries no
 * local stack, and the local jar starts the whole local stack from the build directory.
 */
class ArtifactsArtifactIT {

    private static final Path TARGET = Path.of("target");
    /** A cold JVM starting DynamoDB Local and the app on two shared cores. */
    private static final Duration STARTING = Duration.ofSeconds(90);

    @TempDir
    Path dataDir;

    @Test
    void productionJar_containsTheAppButNoLocalStack() throws IOException {
        try (JarFile jar = new JarFile(TARGET.resolve("enclave-app.jar").toFile())) {
            List<String> entries = jar.stream().map(e -> e.getName()).toList();

            assertThat(entries).contains("dev/enclave/app/Application.class");
            assertThat(entries).noneMatch(n -> n.startsWith("com/amazonaws/services/dynamodbv2/local/"))
                    .noneMatch(n -> n.startsWith("dev/enclave/app/local/"))
                    .noneMatch(n -> n.startsWith("dev/enclave/sandbox/"))
                    .noneMatch(n -> n.startsWith("com/icegreen/"))
                    .noneMatch(n -> n.contains("dev.enclave.app.local."))
                    .noneMatch(n -> n.equals("application-local.yml"))
                    .noneMatch(n -> n.startsWith("org/mockito/"))
                    .noneMatch(n -> n.startsWith("com/almworks/sqlite4java/"));
            assertThat(jar.getManifest().getMainAttributes().getValue("Main-Class"))
                    .isEqualTo("dev.enclave.app.Application");
        }
    }

    @Test
    void localJar_classPathEntriesAllExist() throws IOException {
        try (JarFile jar = new JarFile(TARGET.resolve("enclave-local.jar").toFile())) {
            Manifest manifest = jar.getManifest();
            String classPath = manifest.getMainAttributes().getValue("Class-Path");

            assertThat(manifest.getMainAttributes().getValue("Main-Class"))
                    .isEqualTo("dev.enclave.app.local.LocalLauncher");
            assertThat(Arrays.stream(classPath.split(" ")).map(TARGET::resolve))
                    .hasSizeGreaterThan(5)
                    .allMatch(Files::isRegularFile);
        }
    }

    @Test
    void localJar_startsTheLocalStackAndServesHealth() throws Exception {
        LaunchedServer server = startLocalJar();
        try {
            Api api = healthy(server);
            String token = localToken(api, "{\"sub\":\"u\",\"email\":\"u@example.com\"}");
            assertThat(api.get("/v1/me", token).status()).isEqualTo(200);
        } finally {
            server.process().destroy();
            boolean stopped = server.process().waitFor(30, TimeUnit.SECONDS);
            if (!stopped) {
                server.process().destroyForcibly();
            }
            assertThat(stopped).as("the local stack stops on SIGTERM").isTrue();
        }
    }

    @Test
    void sigterm_turnsReadinessDown_whileServing_finishesTheRequestInFlight_thenExits() throws Exception {
        LaunchedServer server = startLocalJar("-Denclave.shutdown.readiness-delay=2s");
        try {
            Api api = healthy(server);
            String owner = signedInOwnerOf(api, "drain");
            api.post("/local/faults", "{\"kind\":\"LATENCY\",\"tenant\":\"drain\",\"latencyMillis\":3000,"
                    + "\"times\":1}", null);
            CompletableFuture<Api.Reply> inFlight =
                    CompletableFuture.supplyAsync(() -> api.get("/v1/orgs/drain", owner));
            // The jar's process shows no sign of the call its 3 s latency holds: give the request a second to get there.
            Thread.sleep(1000);

            server.process().destroy();

            server.awaitStatus(api, "/health/readiness", 503, Duration.ofSeconds(10));
            assertThat(inFlight.get(30, TimeUnit.SECONDS).status()).as(server.output()).isEqualTo(200);
            assertThat(server.process().waitFor(30, TimeUnit.SECONDS)).as("stopped after the drain").isTrue();
            assertThat(server.process().exitValue()).as("SIGTERM's conventional status").isEqualTo(143);
        } finally {
            server.process().destroyForcibly();
        }
    }

    @Test
    void aSecondSigtermWhileDraining_stopsTheServerAtOnce() throws Exception {
        LaunchedServer server = startLocalJar("-Denclave.shutdown.readiness-delay=20s");
        try {
            Api api = healthy(server);

            server.process().destroy();
            server.awaitStatus(api, "/health/readiness", 503, Duration.ofSeconds(10));
            server.process().destroy();

            assertThat(server.process().waitFor(10, TimeUnit.SECONDS))
                    .as("stopped well before the 20 s drain: " + server.output()).isTrue();
            assertThat(server.process().exitValue()).isEqualTo(143);
        } finally {
            server.process().destroyForcibly();
        }
    }

    @Test
    void localJar_withTheSignalsReservedByTheJvm_startsAndSaysSigtermWillNotDrain() throws Exception {
        LaunchedServer server = startLocalJar("-Xrs");
        try {
            healthy(server);
            assertThat(server.output()).contains("SIGTERM stays with the JVM").doesNotContain("\tat ");
        } finally {
            server.process().destroyForcibly();
            server.process().waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void productionJar_withBadSettings_printsOneMessageListingEach_andExits2() throws Exception {
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", TARGET.resolve("enclave-app.jar").toString())
                .redirectErrorStream(true).redirectOutput(dataDir.resolve("server.log").toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("ENCLAVE_") || name.startsWith("AWS_"));
        builder.environment().putAll(java.util.Map.of("ENCLAVE_TENANCY_TABLE_ARN", "nonsense",
                "ENCLAVE_AUTH_JWKS_URL", "ftp://idp.example/jwks", "ENCLAVE_AUTH_ALGORITHMS", "HS256"));
        Process process = builder.start();

        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String output = Files.readString(dataDir.resolve("server.log"));
        assertThat(process.exitValue()).as(output).isEqualTo(2);
        assertThat(output).containsOnlyOnce("ENCLAVE_TENANCY_TABLE_ARN")
                .containsOnlyOnce("enclave.auth.jwks-url (ENCLAVE_AUTH_JWKS_URL) must be an absolute http(s) URL")
                .containsOnlyOnce("'HS256' is not a signature algorithm for RSA keys")
                .containsOnlyOnce("enclave.table.name (ENCLAVE_TABLE_NAME) is required")
                .doesNotContain("\tat ").doesNotContain("Exception");
    }

    /**
     * The local jar on a port of its own choosing: a port picked here and released could be taken by the jar's own
     * DynamoDB Local before its HTTP server binds it (a 400 without X-Request-Id answered a health check once).
     */
    private LaunchedServer startLocalJar(String... settings) throws IOException {
        List<String> command = new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dmicronaut.server.port=-1", "-Denclave.local.data-dir=" + dataDir));
        command.addAll(List.of(settings));
        command.addAll(List.of("-jar", TARGET.resolve("enclave-local.jar").toString()));
        Path log = dataDir.resolve("server.log");
        return new LaunchedServer(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
                .start(), log);
    }

    /** An {@link Api} on the started jar, once its health answers UP. */
    private static Api healthy(LaunchedServer server) {
        Api api = server.api(STARTING);
        server.awaitStatus(api, "/health", 200, STARTING);
        return api;
    }

    private static String signedInOwnerOf(Api api, String organisation) {
        String token = localToken(api, "{\"sub\":\"owner\",\"email\":\"owner@example.com\"}");
        assertThat(api.post("/v1/orgs", "{\"id\":\"" + organisation + "\",\"name\":\"Drain\"}", token).status())
                .isEqualTo(201);
        return localToken(api, "{\"sub\":\"owner\",\"email\":\"owner@example.com\",\"tenant\":\""
                + organisation + "\"}");
    }

    private static String localToken(Api api, String claims) {
        return api.post("/local/tokens", claims, null).json().get("token").asText();
    }
}
