package dev.enclave.bench.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench/run --events} compares like with like only if its events-off server does the same work minus the
 * events, and only when asked: with {@value BenchServer#EVENTS_PROPERTY}{@code =off} an organisation's founding
 * commits and its feed stays empty; without it, the bench server records events as the product does.
 */
class NoEventsIT {

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void eventsOff_commitsTheChange_withoutItsEvent(@TempDir Path data) throws Exception {
        System.setProperty(BenchServer.EVENTS_PROPERTY, NoEvents.OFF);
        try (BenchServer.Running server = BenchServer.start(data)) {
            URI app = URI.create(BenchServer.uri(server.scoped()));

            String token = founded(app, "quiet");

            assertThat(send(app, "GET", "/v1/orgs/quiet", token, null).statusCode()).isEqualTo(200);
            HttpResponse<String> feed = send(app, "GET", "/v1/orgs/quiet/events", token, null);
            assertThat(feed.statusCode()).isEqualTo(200);
            assertThat(feed.body()).contains("\"items\":[]");
        } finally {
            System.clearProperty(BenchServer.EVENTS_PROPERTY);
        }
    }

    @Test
    void unlessAsked_theBenchServerRecordsEvents(@TempDir Path data) throws Exception {
        try (BenchServer.Running server = BenchServer.start(data)) {
            URI app = URI.create(BenchServer.uri(server.scoped()));

            String token = founded(app, "loud");

            HttpResponse<String> feed = send(app, "GET", "/v1/orgs/loud/events", token, null);
            assertThat(feed.statusCode()).isEqualTo(200);
            assertThat(feed.body()).contains("\"type\":\"organisation.created\"");
        }
    }

    /** Founds {@code org} as a fresh owner; the owner's token. */
    private String founded(URI app, String org) throws IOException, InterruptedException {
        String body = send(app, "POST", "/local/tokens", null,
                "{\"sub\":\"owner-" + org + "\",\"email\":\"owner-" + org + "@example.com\"}").body();
        String token = body.replaceAll(".*\"token\":\"([^\"]+)\".*", "$1");
        assertThat(send(app, "POST", "/v1/orgs", token, "{\"id\":\"" + org + "\",\"name\":\"" + org + "\"}")
                .statusCode()).isEqualTo(201);
        return token;
    }

    private HttpResponse<String> send(URI app, String method, String path, String token, String json)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(app.resolve(path)).method(method,
                json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
