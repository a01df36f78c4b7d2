package dev.enclave.app.support;

import dev.enclave.sandbox.gateway.GatewayFaults;
import io.micronaut.runtime.server.EmbeddedServer;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.TestInstance;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Base of HTTP scenario tests on the real local stack: the app in the {@code local} environment on the shared
 * in-memory local AWS sandbox, with a table and a data directory of the test class's own. Request limits are off
 * (tests send bursts from one caller on purpose); {@code RequestLimitsIT} turns them on.
 * Subclasses are annotated {@code @MicronautTest(environments = "local")}.
 *
 * <p>The sandbox's indexes lag behind the table as AWS's do ({@code enclave.local.index-lag}, 300 ms in the build): a
 * test that checks a list read from an index right after a write first waits until {@link #indexesCaughtUp}.
 * Decisions never read an index, so nothing else waits.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class LocalStackTest implements TestPropertyProvider {

    protected final Path dataDir = createDataDir();
    protected final String tableName = "it-" + getClass().getSimpleName().toLowerCase(Locale.ROOT) + "-"
            + UUID.randomUUID().toString().substring(0, 8);

    /** The shared sandbox gateway's faults: a test injects them for its own tenants; lifted after each test. */
    protected final GatewayFaults faults = SharedSandbox.instance().gateway().faults();

    @Inject
    protected EmbeddedServer server;

    /** The app's own DynamoDB client, for arranging and reading the class's table directly. */
    @Inject
    protected DynamoDbClient platform;

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> properties = new HashMap<>();
        SharedSandbox.properties().forEach((key, value) -> properties.put(key, String.valueOf(value)));
        properties.put("enclave.table.name", tableName);
        properties.put("enclave.local.data-dir", dataDir.toString());
        properties.put("enclave.limits.enabled", "false");
        properties.putAll(settings());
        return properties;
    }

    /** The test class's own settings, over the ones above. */
    protected Map<String, String> settings() {
        return Map.of();
    }

    @AfterEach
    void liftFaults() {
        faults.clear();
    }

    /** Returns once the shared sandbox's indexes show every write made before the call. */
    protected static void indexesCaughtUp() {
        Indexes.caughtUp(SharedSandbox.instance());
    }

    protected Api api() {
        return new Api(server.getURI());
    }

    protected Tokens tokens() {
        return new Tokens(api(), dataDir);
    }

    protected Journeys journeys() {
        return new Journeys(api(), tokens());
    }

    private static Path createDataDir() {
        try {
            return Files.createTempDirectory("enclave-it-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
