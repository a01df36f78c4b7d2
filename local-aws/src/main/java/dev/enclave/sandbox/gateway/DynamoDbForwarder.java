package dev.enclave.sandbox.gateway;

import dev.enclave.sandbox.sigv4.DaemonThreads;
import dev.enclave.sandbox.sigv4.ReceivedRequest;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.zip.CRC32;

/**
 * Forwards an allowed request to DynamoDB Local unchanged — method, path, query, headers (but those the JDK client
 * sets itself: Host, Content-Length, connection management) and body — and brings back the status, the headers
 * the SDK reads (Content-Type, x-amzn-RequestId, x-amz-crc32) and the body.
 */
final class DynamoDbForwarder implements AutoCloseable {

    /** DynamoDB's answer as relayed; {@code headers} are those besides the content type. */
    record Forwarded(int status, Optional<String> contentType, Map<String, String> headers, byte[] body) {

        /** The same answer with another body, and the CRC32 of that body, which the SDK checks. */
        Forwarded withBody(byte[] newBody) {
            Map<String, String> newHeaders = new LinkedHashMap<>();
            headers.forEach((name, value) -> {
                if (!CRC32_HEADER.equalsIgnoreCase(name)) {
                    newHeaders.put(name, value);
                }
            });
            newHeaders.put(CRC32_HEADER, crc32(newBody));
            return new Forwarded(status, contentType, newHeaders, newBody);
        }

        /** An error the gateway answers itself, as DynamoDB would. */
        static Forwarded of(DynamoDbError error) {
            byte[] body = error.json();
            return new Forwarded(error.status(), Optional.empty(), Map.of("x-amzn-RequestId",
                    UUID.randomUUID().toString(), CRC32_HEADER, crc32(body)), body);
        }

        private static String crc32(byte[] body) {
            CRC32 crc = new CRC32();
            crc.update(body);
            return Long.toString(crc.getValue());
        }
    }

    private static final String CRC32_HEADER = "x-amz-crc32";

    private static final Set<String> NOT_FORWARDED = Set.of("host", "content-length", "connection", "expect",
            "upgrade", "transfer-encoding", "keep-alive", "te", "trailer", "proxy-connection");
    private static final Set<String> RELAYED = Set.of("x-amzn-requestid", "x-amz-crc32");

    private final URI dynamoDbLocal;
    private final ExecutorService executor;
    private final HttpClient client;

    DynamoDbForwarder(URI dynamoDbLocal, int threads) {
        this.dynamoDbLocal = dynamoDbLocal;
        this.executor = Executors.newFixedThreadPool(threads, DaemonThreads.named("dynamodb-forwarder"));
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(executor)
                .connectTimeout(Duration.ofSeconds(5)).build();
    }

    Forwarded forward(ReceivedRequest request) throws IOException {
        String target = request.rawPath() + (request.rawQuery().isEmpty() ? "" : "?" + request.rawQuery());
        HttpRequest.Builder builder = HttpRequest.newBuilder(dynamoDbLocal.resolve(target))
                .timeout(Duration.ofSeconds(60))
                .method(request.method(), HttpRequest.BodyPublishers.ofByteArray(request.body()));
        request.headers().forEach((name, values) -> {
            if (!NOT_FORWARDED.contains(name)) {
                values.forEach(value -> builder.header(name, value));
            }
        });
        HttpResponse<byte[]> response;
        try {
            response = client.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while forwarding to DynamoDB Local", e);
        }
        Map<String, String> headers = new LinkedHashMap<>();
        response.headers().map().forEach((name, values) -> {
            if (RELAYED.contains(name.toLowerCase(Locale.ROOT)) && !values.isEmpty()) {
                headers.put(name, values.get(0));
            }
        });
        return new Forwarded(response.statusCode(), response.headers().firstValue("content-type"), headers,
                response.body());
    }

    @Override
    public void close() {
        DaemonThreads.stop(executor);
    }
}
