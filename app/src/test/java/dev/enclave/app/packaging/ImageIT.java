package dev.enclave.app.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.jwk.RSAKey;
import dev.enclave.app.infra.sealing.ResponseSeal;
import dev.enclave.app.local.LocalSandbox;
import dev.enclave.app.support.Api;
import dev.enclave.app.support.SharedSandbox;
import dev.enclave.app.support.TestIdentityProvider;
import dev.enclave.sandbox.LocalAwsSandbox;
import dev.enclave.table.TableDesign;
import dev.enclave.tenancy.table.TableBootstrap;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The container image the build writes ({@code target/enclave-image.tar}, or {@code enclave-image-offline-base.tar}
 * when the pinned base could not be pulled): what it holds and how it is configured, then its entrypoint run with
 * production settings — environment variables only, as a task definition gives them — against the local sandbox:
 * health, an authenticated call that vends tenant credentials, the health check command, and a drained stop.
 * With podman where it can run a container here, else from the unpacked layers on this JDK ({@link ImageRun}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ImageIT {

    private static final Path TARGET = Path.of("target");

    private Path workDir;
    private ImageTarball image;
    private TestIdentityProvider identityProvider;
    private RSAKey signingKey;
    private ImageRun running;
    private Api api;
    private int port;

    @BeforeAll
    void startTheImage() throws Exception {
        workDir = Files.createTempDirectory("enclave-image-it-");
        Path tarball = Files.exists(TARGET.resolve("enclave-image.tar")) ? TARGET.resolve("enclave-image.tar")
                : TARGET.resolve("enclave-image-offline-base.tar");
        assertThat(tarball).as("the build writes the image in package (unless -Dimage.skip=true)").isRegularFile();
        image = ImageTarball.read(tarball);
        identityProvider = new TestIdentityProvider();
        signingKey = identityProvider.addKey("image-key");
        String table = "it-image-" + UUID.randomUUID().toString().substring(0, 8);
        createTable(table);

        running = ImageRun.start(image, productionSettings(table), workDir.resolve("server.log"), workDir);
        System.out.println("[ImageIT] " + tarball.getFileName() + " runs " + running.how());
        port = running.launched().listeningPort(Duration.ofSeconds(120));
        api = new Api(URI.create("http://127.0.0.1:" + port));
    }

    @AfterAll
    void stopEverything() throws Exception {
        if (running != null) {
            running.close();
        }
        if (identityProvider != null) {
            identityProvider.close();
        }
    }

    @Test
    @Order(1)
    void image_holdsTheProductionJarAlone_asNonRoot_withContainerAwareMemory() throws IOException {
        assertThat(image.applicationLayerPaths()).containsExactly("app/", "app/enclave-app.jar");
        assertThat(sha256(unpackedJar())).as("the image's jar is the build's enclave-app.jar")
                .isEqualTo(sha256(TARGET.resolve("enclave-app.jar")));
        assertThat(image.user()).isEqualTo("65532:65532");
        assertThat(image.entrypoint()).containsExactly("java", "-XX:MaxRAMPercentage=75.0",
                "-XX:+ExitOnOutOfMemoryError", "-XX:-UsePerfData", "-jar", "/app/enclave-app.jar");
        assertThat(image.exposedPorts()).containsExactly("8080/tcp");
        assertThat(image.labels()).containsEntry("org.opencontainers.image.title", "Enclave")
                .containsKey("org.opencontainers.image.base.name");
    }

    @Test
    @Order(2)
    void entrypoint_withProductionSettings_isHealthy_andAnswersAnAuthenticatedCall() throws Exception {
        running.launched().awaitStatus(api, "/health", 200, Duration.ofSeconds(60));
        assertThat(api.get("/health/liveness", null).status()).isEqualTo(200);
        assertThat(api.get("/health/readiness", null).status()).as("the table is there and ACTIVE").isEqualTo(200);

        String token = TestIdentityProvider.token(signingKey, "image-user",
                claims -> claims.claim("email", "image@example.com").claim("email_verified", true));
        Api.Reply me = api.get("/v1/me", token);
        assertThat(me.status()).as(running.log()).isEqualTo(200);
        assertThat(me.json().get("userId").asText()).isEqualTo("image-user");
        assertThat(api.post("/v1/orgs", "{\"id\":\"image-org\",\"name\":\"Image Ltd\"}", token).status())
                .as("creating an organisation vends tenant credentials from STS and writes through IAM: "
                        + running.log()).isEqualTo(201);
        assertThat(api.hostile().get("/v1/me", null).status()).isEqualTo(401);
    }

    @Test
    @Order(3)
    void healthCheckCommand_exitsZeroWhileLive() throws Exception {
        assertThat(running.healthProbe(port)).as(running.log()).isZero();
    }

    @Test
    @Order(4)
    void heap_isSizedFromTheContainersMemoryLimit() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(running.memoryLimitBytes().isPresent(),
                "no memory limit: the image runs " + running.how());
        String metrics = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/prometheus")).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString()).body();
        double heapMax = Pattern.compile("jvm_memory_max_bytes\\{area=\"heap\",id=\"[^\"]+\"[^}]*} (\\S+)")
                .matcher(metrics).results().mapToDouble(m -> Math.max(0, Double.parseDouble(m.group(1)))).sum();
        long limit = running.memoryLimitBytes().orElseThrow();
        assertThat(heapMax).as("75% of the container's memory limit").isBetween(0.70 * limit, 0.76 * limit);
    }

    @Test
    @Order(5)
    void sigterm_drainsAndExitsWith143() throws Exception {
        int status = running.stop();
        assertThat(status).as(running.log()).isEqualTo(143);
        assertThat(running.log()).doesNotContain("\tat ");
    }

    private Map<String, String> productionSettings(String table) {
        LocalAwsSandbox sandbox = SharedSandbox.instance();
        return Map.ofEntries(
                Map.entry("MICRONAUT_SERVER_PORT", "-1"),
                Map.entry("AWS_REGION", LocalAwsSandbox.REGION),
                Map.entry("AWS_ACCESS_KEY_ID", sandbox.application().accessKeyId()),
                Map.entry("AWS_SECRET_ACCESS_KEY", sandbox.application().secretAccessKey()),
                Map.entry("AWS_SERVICES_DYNAMODB_ENDPOINT_OVERRIDE", sandbox.dynamoDbEndpoint().toString()),
                Map.entry("ENCLAVE_TENANCY_STS_ENDPOINT", sandbox.stsEndpoint().toString()),
                Map.entry("ENCLAVE_TENANCY_DYNAMODB_ENDPOINT", sandbox.dynamoDbEndpoint().toString()),
                Map.entry("ENCLAVE_TENANCY_ROLE_ARN", LocalSandbox.TENANT_ROLE),
                Map.entry("ENCLAVE_TENANCY_TABLE_ARN", LocalSandbox.tableArn(table).value()),
                Map.entry("ENCLAVE_TABLE_NAME", table),
                Map.entry("ENCLAVE_AUTH_JWKS_URL", identityProvider.jwksUrl()),
                Map.entry("ENCLAVE_AUTH_ISSUER", TestIdentityProvider.ISSUER),
                Map.entry("ENCLAVE_AUTH_AUDIENCE", "enclave"),
                Map.entry("ENCLAVE_IDEMPOTENCY_SEALING_KEYS", ResponseSeal.newKey(new SecureRandom())),
                Map.entry("ENCLAVE_CURSOR_KEY", ResponseSeal.newKey(new SecureRandom())),
                Map.entry("ENCLAVE_SHUTDOWN_READINESS_DELAY", "1s"));
    }

    private static void createTable(String table) {
        LocalAwsSandbox sandbox = SharedSandbox.instance();
        try (DynamoDbClient platform = DynamoDbClient.builder().httpClient(ApacheHttpClient.create())
                .endpointOverride(sandbox.dynamoDbEndpoint()).region(Region.of(LocalAwsSandbox.REGION))
                .credentialsProvider(sandbox.applicationCredentials()).build()) {
            new TableBootstrap(platform, TableDesign.ENCLAVE).ensureTable(table);
        }
    }

    private Path unpackedJar() throws IOException {
        Path root = workDir.resolve("layers");
        if (!Files.exists(root.resolve("app/enclave-app.jar"))) {
            image.unpack(root);
        }
        return root.resolve("app/enclave-app.jar");
    }

    private static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            for (int read = in.read(buffer); read > 0; read = in.read(buffer)) {
                digest.update(buffer, 0, read);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
