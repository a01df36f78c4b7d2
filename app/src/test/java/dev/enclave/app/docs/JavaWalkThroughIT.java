package dev.enclave.app.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.support.Api;
import dev.enclave.app.support.LocalStackTest;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The Java SDK walk-through of docs/tenant-backends.md, as written: {@code docs/examples/java/.../OrdersBackend}
 * (compiled with the test sources) run as its own process with only the environment the guide names, against a
 * running Enclave and an organisation's API key.
 */
@MicronautTest(environments = "local")
class JavaWalkThroughIT extends LocalStackTest {

    @Test
    void ordersBackend_writesAndReadsItsData_andIsRefusedEnclavesOwnItem() throws Exception {
        String owner = tokens().mint("ada", "ada@example.com");
        assertThat(api().post("/v1/orgs", "{\"id\":\"walk\",\"name\":\"Walk Ltd\"}", owner).status()).isEqualTo(201);
        Api.Reply key = api().post("/v1/orgs/walk/api-keys", "{\"name\":\"orders\",\"access\":\"readwrite\"}", owner);
        assertThat(key.status()).isEqualTo(201);
        String enclave = server.getURI().toString();

        ProcessBuilder backend = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "com.example.backend.OrdersBackend")
                .redirectErrorStream(true);
        backend.environment().keySet().removeIf(name -> name.startsWith("AWS_") || name.startsWith("ENCLAVE_"));
        backend.environment().put("ENCLAVE_URL", enclave);
        backend.environment().put("AWS_CONTAINER_CREDENTIALS_FULL_URI", enclave + "/v1/backend/credentials");
        backend.environment().put("AWS_CONTAINER_AUTHORIZATION_TOKEN", key.json().get("secret").asText());
        Process process = backend.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        assertThat(output.lines().toList()).containsSubsequence(List.of(
                "wrote and read back 1 order(s) under " + key.json().at("/dataNamespace/keyPrefix").asText() + "orders",
                "Enclave's own organisation item: AccessDeniedException"));
    }
}
