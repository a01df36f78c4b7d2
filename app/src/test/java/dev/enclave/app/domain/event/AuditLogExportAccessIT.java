package dev.enclave.app.domain.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.enclave.app.support.LocalStackTest;
import dev.enclave.sandbox.gateway.GatewayFaults;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * An export outlasts its request's access check: it is read page by page (two events a page here) as the client
 * takes it. Its first page's read is held by the gateway while the reader loses their access; the export then ends
 * unfinished after that page, rather than going on with the rest of the log, or ending as if the log were shorter.
 */
@MicronautTest(environments = "local")
class AuditLogExportAccessIT extends LocalStackTest {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static final int PAGE = 2;

    @Override
    protected Map<String, String> settings() {
        return Map.of("enclave.events.export-page", Integer.toString(PAGE));
    }

    /** What an export answered: its status, the lines it sent, and whether it ended as a whole answer does. */
    private record Export(int status, List<String> lines, boolean finished) {
    }

    @Test
    void anExport_whoseAdminIsRemovedMeanwhile_endsUnfinishedAfterThePageRead() {
        String owner = history("exp-admin");
        journeys().join("exp-admin", owner, "ada");
        assertThat(api().send(api().request("/v1/orgs/exp-admin/members/ada/groups/admin", owner)
                .PUT(HttpRequest.BodyPublishers.noBody())).status()).isEqualTo(200);
        String admin = "Bearer " + journeys().member("ada");
        Export whole = export("exp-admin", admin);
        assertThat(whole.finished()).as("with access kept, every page").isTrue();
        assertThat(whole.lines().size()).isGreaterThan(3 * PAGE);

        Export cut = exportWhile("exp-admin", admin, () -> assertThat(api().send(api()
                .request("/v1/orgs/exp-admin/members/ada", owner).DELETE()).status()).isEqualTo(204));

        assertThat(cut.status()).isEqualTo(200);
        assertThat(cut.lines()).as("the page read before the removal was seen").hasSize(PAGE);
        assertThat(cut.finished()).as("the answer is cut off, not ended").isFalse();
    }

    @Test
    void anExport_whoseKeyIsRevokedMeanwhile_endsUnfinishedAfterThePageRead() {
        String owner = history("exp-key");
        var created = api().post("/v1/orgs/exp-key/api-keys", "{\"name\":\"siem\",\"access\":\"none\","
                + "\"permissions\":[\"audit_log:read\"]}", owner);
        assertThat(created.status()).isEqualTo(201);
        String key = created.json().get("secret").asText();
        assertThat(export("exp-key", key).finished()).isTrue();

        Export cut = exportWhile("exp-key", key, () -> assertThat(api().send(api().request("/v1/orgs/exp-key/api-keys/"
                + created.json().get("id").asText(), owner).DELETE()).status()).isEqualTo(204));

        assertThat(cut.status()).isEqualTo(200);
        assertThat(cut.lines()).hasSize(PAGE);
        assertThat(cut.finished()).isFalse();
    }

    /** An organisation with a few pages of history, and its owner's token. */
    private String history(String org) {
        String owner = journeys().organisation(org);
        for (String service : List.of("crm", "erp", "hr", "ops")) {
            assertThat(api().post("/v1/orgs/" + org + "/services", "{\"id\":\"" + service + "\",\"name\":\""
                    + service + "\"}", owner).status()).isEqualTo(201);
        }
        return owner;
    }

    /** The export, its first page's read held by the gateway while {@code meanwhile} runs. */
    private Export exportWhile(String org, String authorization, Runnable meanwhile) {
        int metBefore = faults.met();
        faults.inject(new GatewayFaults.Rule(Optional.of("Query"), Optional.of(org), GatewayFaults.Kind.LATENCY,
                Duration.ofSeconds(2), 1));
        CompletableFuture<Export> held = CompletableFuture.supplyAsync(() -> export(org, authorization));
        await().atMost(Duration.ofSeconds(30)).until(() -> faults.met() > metBefore);
        meanwhile.run();
        return held.join();
    }

    private Export export(String org, String authorization) {
        HttpRequest request = HttpRequest.newBuilder(server.getURI().resolve("/v1/orgs/" + org
                + "/audit-log/export")).header("Authorization", authorization).timeout(Duration.ofSeconds(30)).build();
        try {
            HttpResponse<java.io.InputStream> response = CLIENT.send(request, HttpResponse.BodyHandlers.ofInputStream());
            List<String> lines = new ArrayList<>();
            try (BufferedReader body = new BufferedReader(new InputStreamReader(response.body(),
                    StandardCharsets.UTF_8))) {
                for (String line = body.readLine(); line != null; line = body.readLine()) {
                    lines.add(line);
                }
                return new Export(response.statusCode(), lines, true);
            } catch (IOException cutOff) {
                return new Export(response.statusCode(), lines, false);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
