package dev.enclave.app.edge.auth;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** Fetches the JWKS over HTTP without blocking the caller; bounded in time and size. */
final class HttpKeySetFetcher implements KeySetFetcher {

    static final Duration TIMEOUT = Duration.ofSeconds(3);
    private static final int MAX_BYTES = 256 * 1024;

    private final URI url;
    private final HttpClient http;

    HttpKeySetFetcher(URI url) {
        this.url = url;
        this.http = HttpClient.newBuilder().connectTimeout(TIMEOUT).followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    @Override
    public CompletableFuture<String> fetch() {
        HttpRequest request = HttpRequest.newBuilder(url).timeout(TIMEOUT).header("Accept", "application/json")
                .GET().build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()).thenApply(HttpKeySetFetcher::body);
    }

    private static String body(HttpResponse<byte[]> response) {
        if (response.statusCode() != 200) {
            throw new IllegalStateException("JWKS answered " + response.statusCode());
        }
        if (response.body().length > MAX_BYTES) {
            throw new IllegalStateException("JWKS is larger than " + MAX_BYTES + " bytes");
        }
        return new String(response.body(), StandardCharsets.UTF_8);
    }
}
