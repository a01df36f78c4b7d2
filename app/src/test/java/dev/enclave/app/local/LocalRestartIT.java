package dev.enclave.app.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.support.Api;
import io.micronaut.runtime.server.EmbeddedServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class LocalRestartIT {

    private static final Map<String, AttributeValue> KEY = Map.of(
            "PK", AttributeValue.fromS("TENANT#acme#"), "SK", AttributeValue.fromS("RESTART"));

    @TempDir
    Path dataDir;

    @Test
    void restart_onTheSameDataDirectory_keepsTableDataAndTheIssuerKey() {
        String token;
        try (LocalLauncher.Running first = LocalLauncher.start(dataDir, "--micronaut.server.port=-1")) {
            first.context().getBean(DynamoDbClient.class).putItem(b -> b.tableName("enclave").item(Map.of(
                    "PK", KEY.get("PK"), "SK", KEY.get("SK"), "note", AttributeValue.fromS("kept"))));
            token = api(first).post("/local/tokens", "{\"sub\":\"u\",\"email\":\"u@example.com\"}", null)
                    .json().get("token").asText();
        }

        try (LocalLauncher.Running second = LocalLauncher.start(dataDir, "--micronaut.server.port=-1")) {
            var item = second.context().getBean(DynamoDbClient.class)
                    .getItem(b -> b.tableName("enclave").key(KEY)).item();
            assertThat(item.get("note").s()).isEqualTo("kept");
            assertThat(api(second).get("/v1/me", token).status()).isEqualTo(200);
        }
        assertThat(Files.exists(dataDir.resolve("local-issuer-key.json"))).isTrue();
    }

    private static Api api(LocalLauncher.Running running) {
        return new Api(running.context().getBean(EmbeddedServer.class).getURI());
    }
}
