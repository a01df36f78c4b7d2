package dev.enclave.bench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The webhook cell's receiver, in the bench's own process: a JDK HTTP server on the loopback address that notes
 * when each request arrived (before reading anything else of it), reads the envelope's {@code time},
 * {@code source} and {@code subject}, checks the Standard Webhooks signature with the endpoint's secret, and answers
 * as told for the requests' path prefix (204 until told otherwise).
 */
final class TimingWebhookReceiver implements AutoCloseable {

    /** Requests handled at once: more than the application's attempt threads, so the receiver never queues them. */
    private static final int THREADS = 16;

    /** An answer: a status and, if any, a {@code Retry-After}. */
    record Reply(int status, Optional<String> retryAfter) {

        static Reply noContent() {
            return new Reply(204, Optional.empty());
        }
    }

    /**
     * A request received: its {@code webhook-id}, its path, when it arrived, what its envelope says (the
     * organisation from {@code source}, {@code subject}, {@code time}), whether a signature verified, and the
     * status it was answered with.
     */
    record Receipt(String id, String path, Instant at, String org, String subject, Instant time,
                   boolean signatureVerified, int answered) {
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(THREADS);
    private final ConcurrentLinkedQueue<Receipt> receipts = new ConcurrentLinkedQueue<>();
    private final Map<String, Reply> replies = new ConcurrentHashMap<>();
    private final Map<String, String> secrets = new ConcurrentHashMap<>();

    private TimingWebhookReceiver(HttpServer server) {
        this.server = server;
    }

    static TimingWebhookReceiver start() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
        TimingWebhookReceiver receiver = new TimingWebhookReceiver(server);
        server.createContext("/", receiver::handle);
        server.setExecutor(receiver.threads);
        server.start();
        return receiver;
    }

    /** The URL of {@code path} here, by the name the local stack allows ({@code localhost}, over http). */
    String url(String path) {
        return "http://localhost:" + server.getAddress().getPort() + path;
    }

    /** Answers requests under {@code prefix} with {@code reply} from now on. */
    void answer(String prefix, Reply reply) {
        replies.put(prefix, reply);
    }

    /** The signing secret ({@code whsec_...}) of the endpoint posting to {@code path}. */
    void secret(String path, String secret) {
        secrets.put(path, secret);
    }

    /** Every request received under {@code prefix} so far. */
    List<Receipt> receipts(String prefix) {
        List<Receipt> under = new ArrayList<>();
        receipts.forEach(receipt -> {
            if (receipt.path().startsWith(prefix)) {
                under.add(receipt);
            }
        });
        return under;
    }

    private void handle(HttpExchange exchange) throws IOException {
        Instant at = Instant.now();
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            byte[] body = exchange.getRequestBody().readAllBytes();
            String id = exchange.getRequestHeaders().getFirst("webhook-id");
            Reply reply = replies.entrySet().stream().filter(e -> path.startsWith(e.getKey())).map(Map.Entry::getValue)
                    .findFirst().orElse(Reply.noContent());
            JsonNode envelope = Http.JSON.readTree(body);
            receipts.add(new Receipt(id, path, at, envelope.path("source").asText().replace("/v1/orgs/", ""),
                    envelope.path("subject").asText(), Instant.parse(envelope.path("time").asText()),
                    verified(secrets.get(path), id, exchange.getRequestHeaders().getFirst("webhook-timestamp"),
                            exchange.getRequestHeaders().getFirst("webhook-signature"), body), reply.status()));
            reply.retryAfter().ifPresent(value -> exchange.getResponseHeaders().add("Retry-After", value));
            exchange.sendResponseHeaders(reply.status(), -1);
        }
    }

    /** Whether one of the {@code v1,} signatures is the HMAC-SHA256 of {@code id.timestamp.body} by the secret. */
    private static boolean verified(String secret, String id, String timestamp, String signatures, byte[] body) {
        if (secret == null || id == null || timestamp == null || signatures == null) {
            return false;
        }
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())),
                    "HmacSHA256"));
            mac.update((id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
            byte[] expected = mac.doFinal(body);
            for (String signature : signatures.split(" ")) {
                if (signature.startsWith("v1,") && MessageDigest.isEqual(expected,
                        Base64.getDecoder().decode(signature.substring(3)))) {
                    return true;
                }
            }
            return false;
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
