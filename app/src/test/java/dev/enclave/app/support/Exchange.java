package dev.enclave.app.support;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** One request and its answer, as the OpenAPI contract judges them. */
public record Exchange(String method, URI uri, Map<String, List<String>> requestHeaders, String requestBody,
                       int status, Map<String, List<String>> responseHeaders, String responseBody) {

    /** The exchange the JDK client had; the request body is read again from its publisher. */
    public static Exchange of(HttpRequest request, HttpResponse<String> response) {
        return new Exchange(request.method(), request.uri(), request.headers().map(), body(request),
                response.statusCode(), response.headers().map(), response.body());
    }

    /** The path as sent, still percent-encoded. */
    public String path() {
        return uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
    }

    String summary() {
        String query = uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery();
        return method + " " + abbreviate(path() + query) + " -> " + status + " "
                + responseHeaders.entrySet().stream().filter(header -> header.getKey().equalsIgnoreCase("Content-Type"))
                .flatMap(header -> header.getValue().stream()).findFirst().orElse("(no content type)");
    }

    static String abbreviate(String text) {
        if (text == null || text.isEmpty()) {
            return "(none)";
        }
        return text.length() > 300 ? text.substring(0, 300) + "… (" + text.length() + " characters)" : text;
    }

    static String body(HttpRequest request) {
        return request.bodyPublisher().filter(publisher -> publisher.contentLength() != 0)
                .map(Exchange::drain).orElse(null);
    }

    private static String drain(HttpRequest.BodyPublisher publisher) {
        Drain drain = new Drain();
        publisher.subscribe(drain);
        try {
            return drain.text.get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the request body could not be read again for the contract check", e);
        }
    }

    /** Collects what a body publisher publishes. */
    private static final class Drain implements Flow.Subscriber<ByteBuffer> {

        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final CompletableFuture<String> text = new CompletableFuture<>();

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(ByteBuffer buffer) {
            byte[] chunk = new byte[buffer.remaining()];
            buffer.get(chunk);
            bytes.write(chunk, 0, chunk.length);
        }

        @Override
        public void onError(Throwable failure) {
            text.completeExceptionally(failure);
        }

        @Override
        public void onComplete() {
            text.complete(bytes.toString(StandardCharsets.UTF_8));
        }
    }
}
