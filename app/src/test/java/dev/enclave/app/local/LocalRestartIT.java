package dev.enclave.app.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.support.Api;
import io.micronaut.runtime.server.EmbeddedServer;
import java.net.ServerSocket;
import java.net.URI;
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

    @Test
    void restart_onFixedPorts_keepsTheEndpointsASavedCommandUses() throws Exception {
        int dynamoDbPort = freePort();
        int stsPort = freePort();
        URI first;
        try (LocalLauncher.Running running = LocalLauncher.start(dataDir, dynamoDbPort, stsPort,
                "--micronaut.server.port=-1")) {
            first = running.sandbox().dynamoDbEndpoint();
            assertThat(running.sandbox().stsEndpoint().getPort()).isEqualTo(stsPort);
        }
        try (LocalLauncher.Running again = LocalLauncher.start(dataDir, dynamoDbPort, stsPort,
                "--micronaut.server.port=-1")) {
            assertThat(again.sandbox().dynamoDbEndpoint()).isEqualTo(first)
                    .isEqualTo(URI.create("http://127.0.0.1:" + dynamoDbPort));
            assertThat(again.context().getBean(DynamoDbClient.class).describeTable(b -> b.tableName("enclave"))
                    .table().tableStatus().toString()).isEqualTo("ACTIVE");
        }
    }

    @Test
    void faults_injectedThroughTheControlEndpoint_reachTheGateway_untilLifted() {
        try (LocalLauncher.Running running = LocalLauncher.start(dataDir, "--micronaut.server.port=-1")) {
            Api api = api(running);
            String token = api.post("/local/tokens", "{\"sub\":\"u\",\"email\":\"u@example.com\"}", null)
                    .json().get("token").asText();
            assertThat(api.post("/v1/orgs", "{\"id\":\"acme\",\"name\":\"Acme\"}", token).status()).isEqualTo(201);

            Api.Reply injected = api.post("/local/faults", "{\"kind\":\"THROTTLING\",\"tenant\":\"acme\"}", null);
            Api.Reply during = api.get("/v1/orgs/acme", token);
            Api.Reply unknown = api.hostile().post("/local/faults", "{\"kind\":\"FLOOD\"}", null);
            Api.Reply lifted = api.send(api.request("/local/faults", null).DELETE());
            Api.Reply after = api.get("/v1/orgs/acme", token);
            Api.Reply stsDown = api.post("/local/faults", "{\"kind\":\"STS_UNAVAILABLE\"}", null);
            Api.Reply withoutCredentials = api.post("/v1/orgs", "{\"id\":\"beta\",\"name\":\"Beta\"}", token);
            api.send(api.request("/local/faults", null).DELETE());
            Api.Reply stsBack = api.post("/v1/orgs", "{\"id\":\"beta\",\"name\":\"Beta\"}", token);

            assertThat(injected.status()).isEqualTo(204);
            assertThat(during.status()).isEqualTo(503);
            assertThat(unknown.status()).isEqualTo(400);
            assertThat(lifted.status()).isEqualTo(204);
            assertThat(after.status()).isEqualTo(200);
            assertThat(stsDown.status()).isEqualTo(204);
            assertThat(withoutCredentials.status()).isEqualTo(503);
            assertThat(stsBack.status()).isEqualTo(201);
        }
    }

    private static int freePort() throws java.io.IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static Api api(LocalLauncher.Running running) {
        return new Api(running.context().getBean(EmbeddedServer.class).getURI());
    }
}
