package dev.enclave.bench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/** The orchestrator's HTTP calls to the server under test (set-up, probes, scraping), on loopback. */
final class Http {

    static final ObjectMapper JSON = new ObjectMapper();

    /** An answer: status, body and the {@code ETag} header if any. */
    record Reply(int status, String body, String etag) {

        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new UncheckedIOException("not JSON: " + body, e);
            }
        }

        Reply expect(int expected, String what) {
            if (status != expected) {
                throw new IllegalStateException(what + ": expected " + expected + ", got " + status + " " + body);
            }
            return this;
        }
    }

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final URI base;

    Http(URI base) {
        this.base = base;
    }

    Reply get(String path, String token) {
        return send("GET", path, token, null);
    }

    Reply send(String method, String path, String token, String json) {
        return send(method, path, token, json, Map.of());
    }

    Reply send(String method, String path, String token, String json, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(60))
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        headers.forEach(request::header);
        try {
            HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Reply(response.statusCode(), response.body(),
                    response.headers().firstValue("ETag").orElse(null));
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + path, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Milliseconds one GET takes, answered with {@code expected}. */
    double timedGet(String path, String token, int expected) {
        long start = System.nanoTime();
        get(path, token).expect(expected, "GET " + path);
        return (System.nanoTime() - start) / 1e6;
    }
}
