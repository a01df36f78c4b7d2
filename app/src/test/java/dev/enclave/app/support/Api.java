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
import java.util.function.Consumer;

/**
 * A plain HTTP client for scenario tests: what a tenant web app would send, nothing Micronaut-specific. Every
 * exchange is checked against the OpenAPI document ({@link OpenApiContract}): a request or answer the document does
 * not allow fails the call with an {@link AssertionError}. Tests that send malformed requests on purpose use
 * {@link #hostile()}, which checks only the answers.
 */
public final class Api {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final OpenApiContract.Scope checked;

    public Api(URI base) {
        this(base, OpenApiContract.Scope.WHOLE_EXCHANGE);
    }

    private Api(URI base, OpenApiContract.Scope checked) {
        this.base = base;
        this.checked = checked;
    }

    /**
     * The same server, for requests that are deliberately invalid (malformed bodies, missing credentials, unknown
     * paths): the document need not accept them, but every answer must still be one it promises.
     */
    public Api hostile() {
        return new Api(base, OpenApiContract.Scope.ANSWER_ONLY);
    }

    public Reply get(String path, String token) {
        return send(request(path, token).GET());
    }

    public Reply post(String path, String json, String token) {
        return send(request(path, token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    public Reply send(HttpRequest.Builder request) {
        return send(request, mismatch -> {
            throw mismatch;
        });
    }

    /** Sends {@code request}, handing a mismatch with the OpenAPI document to {@code onMismatch}. */
    Reply send(HttpRequest.Builder request, Consumer<AssertionError> onMismatch) {
        HttpRequest built = request.timeout(Duration.ofSeconds(30)).build();
        HttpResponse<String> response = exchange(built);
        OpenApiContract.enclave().mismatch(Exchange.of(built, response), checked).ifPresent(onMismatch);
        assertOneRequestId(built, response);
        return new Reply(response);
    }

    /** Every answer names its request once: a second X-Request-Id would be a second, possibly different, id. */
    private static void assertOneRequestId(HttpRequest request, HttpResponse<String> response) {
        int ids = response.headers().allValues("X-Request-Id").size();
        if (ids != 1) {
            throw new AssertionError(request.method() + " " + request.uri().getPath() + " -> " + response.statusCode()
                    + " carries X-Request-Id " + ids + " times");
        }
    }

    private static HttpResponse<String> exchange(HttpRequest request) {
        try {
            return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
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
