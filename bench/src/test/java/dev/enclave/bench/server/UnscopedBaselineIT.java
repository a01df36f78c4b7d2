package dev.enclave.bench.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.enclave.app.local.LocalLauncher;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmark compares like with like only if the baseline really skips isolation and exists nowhere else: the
 * unscoped application serves tenants without a single AssumeRole while the scoped one vends credentials, and a
 * normal local run, with this module on its class path, has neither the baseline nor the bench endpoints.
 */
class UnscopedBaselineIT {

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void unscopedApplication_servesATenantWithoutAssumingARole_whileTheScopedOneVendsCredentials(@TempDir Path data)
            throws Exception {
        try (BenchServer.Running server = BenchServer.start(data)) {
            URI unscoped = URI.create(BenchServer.uri(server.unscoped().orElseThrow()));
            URI scoped = URI.create(BenchServer.uri(server.scoped()));
            String token = token(unscoped, "ada");
            assertThat(send(unscoped, "POST", "/v1/orgs", token, "{\"id\":\"base\",\"name\":\"Base\"}").statusCode())
                    .isEqualTo(201);
            long before = sessionsFor(server, "base");

            assertThat(send(unscoped, "GET", "/v1/orgs/base", token, null).statusCode()).isEqualTo(200);
            long afterUnscoped = sessionsFor(server, "base");
            assertThat(send(scoped, "GET", "/v1/orgs/base", token, null).statusCode()).isEqualTo(200);

            assertThat(afterUnscoped).isEqualTo(before);
            assertThat(sessionsFor(server, "base")).isEqualTo(before + 1);
        }
    }

    /**
     * Sessions issued for {@code tenant}'s scope; the scoped app's own background sessions (the owed-work sweep's
     * read of its index) are not the tenant's and may start at any moment.
     */
    private static long sessionsFor(BenchServer.Running server, String tenant) {
        return server.sandbox().sessions().all().stream()
                .filter(session -> session.sessionName().startsWith("enclave-" + tenant + "-")).count();
    }

    @Test
    void floors_readTheOrganisation_withoutAToken_andTheSameReadNeedsTheMembership(@TempDir Path data)
            throws Exception {
        try (BenchServer.Running server = BenchServer.start(data)) {
            URI scoped = URI.create(BenchServer.uri(server.scoped()));
            String token = token(scoped, "ada");
            send(scoped, "POST", "/v1/orgs", token, "{\"id\":\"floor\",\"name\":\"Floor\"}");

            HttpResponse<String> floor = send(scoped, "GET", "/bench/floor/floor", null, null);
            HttpResponse<String> sameRead = send(scoped, "GET", "/bench/floor/floor/members/ada", null, null);
            HttpResponse<String> stranger = send(scoped, "GET", "/bench/floor/floor/members/mallory", null, null);

            assertThat(floor.statusCode()).isEqualTo(200);
            assertThat(floor.body()).contains("\"name\":\"Floor\"");
            assertThat(sameRead.statusCode()).isEqualTo(200);
            assertThat(stranger.statusCode()).isEqualTo(404);
        }
    }

    @Test
    void normalLocalRun_hasNoBenchEndpoints_evenWithTheBenchModuleOnItsClassPath(@TempDir Path data)
            throws Exception {
        try (LocalLauncher.Running local = LocalLauncher.start(data, "-micronaut.server.port=-1")) {
            URI app = URI.create(BenchServer.uri(local.context()));

            assertThat(send(app, "GET", "/bench/floor/anything", null, null).statusCode()).isEqualTo(404);
            assertThat(send(app, "GET", "/bench/stats", null, null).statusCode()).isEqualTo(404);
        }
    }

    private String token(URI app, String user) throws IOException, InterruptedException {
        String body = send(app, "POST", "/local/tokens", null,
                "{\"sub\":\"" + user + "\",\"email\":\"" + user + "@example.com\"}").body();
        return body.replaceAll(".*\"token\":\"([^\"]+)\".*", "$1");
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
