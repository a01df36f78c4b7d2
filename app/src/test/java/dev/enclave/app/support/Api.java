package dev.enclave.app.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A plain HTTP client for scenario tests: what a tenant web app would send, nothing Micronaut-specific. */
public final class Api {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;

    public Api(URI base) {
        this.base = base;
    }

    public Reply get(String path, String token) {
        return send(request(path, token).GET());
    }

    public Reply post(String path, String json, String token) {
        return send(request(path, token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    public Reply send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = CLIENT.send(request.timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return new Reply(response);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public HttpRequest.Builder request(String path, String token) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(path));
        return token == null ? builder : builder.header("Authorization", "Bearer " + token);
    }

    /** A response with its body parsed on demand. */
    public record Reply(HttpResponse<String> response) {

        public int status() {
            return response.statusCode();
        }

        public String contentType() {
            return response.headers().firstValue("Content-Type").orElse("");
        }

        public String header(String name) {
            return response.headers().firstValue(name).orElse(null);
        }

        public JsonNode json() {
            try {
                return JSON.readTree(response.body());
            } catch (IOException e) {
                throw new UncheckedIOException("not JSON: " + response.body(), e);
            }
        }

        public String body() {
            return response.body();
        }
    }
}
