package dev.enclave.app.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A real HTTP receiver of webhooks on the loopback address: it records every request it gets and answers as the test
 * says (by the number of the request: 1, 2, ...). Signatures are checked here with an implementation of its own
 * (the JDK's HMAC), not the library Enclave signs with.
 */
public final class ScriptedWebhookReceiver implements AutoCloseable {

    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    private final Map<String, IntFunction<Reply>> replies = new ConcurrentHashMap<>();

    public ScriptedWebhookReceiver() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/", this::handle);
        server.setExecutor(Executors.newFixedThreadPool(8));
        server.start();
    }

    /** The receiver's URL, with {@code path}. */
    public String url(String path) {
        return "http://localhost:" + server.getAddress().getPort() + path;
    }

    /** How the receiver answers its n-th request on {@code path} from now on (200 until told). */
    public void answer(String path, IntFunction<Reply> how) {
        replies.put(path, how);
    }

    public List<Received> received() {
        return List.copyOf(received);
    }

    /** The requests whose answer was 2xx. */
    public List<Received> accepted() {
        return received.stream().filter(r -> r.answered() >= 200 && r.answered() < 300).toList();
    }

    private void handle(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        String path = exchange.getRequestURI().getPath();
        int n = counts.computeIfAbsent(path, any -> new AtomicInteger()).incrementAndGet();
        Reply reply = replies.getOrDefault(path, any -> Reply.status(200)).apply(n);
        Map<String, String> headers = new java.util.HashMap<>();
        exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(java.util.Locale.ROOT),
                values.get(0)));
        received.add(new Received(n, exchange.getRequestMethod(), exchange.getRequestURI().getPath(), headers,
                new String(body, StandardCharsets.UTF_8), Instant.now(), reply.status()));
        if (reply.delayMillis() > 0) {
            try {
                Thread.sleep(reply.delayMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        reply.headers().forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
        byte[] answer = reply.body().getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(reply.status(), answer.length == 0 ? -1 : answer.length);
        if (answer.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer);
            }
        }
        exchange.close();
    }

    @Override
    public void close() {
        server.stop(0);
    }

    /** An answer: its status, headers, body, and how long to wait before it. */
    public record Reply(int status, Map<String, String> headers, String body, long delayMillis) {

        public static Reply status(int status) {
            return new Reply(status, Map.of(), "", 0);
        }

        public Reply withHeader(String name, String value) {
            Map<String, String> more = new java.util.HashMap<>(headers);
            more.put(name, value);
            return new Reply(status, more, body, delayMillis);
        }

        public Reply withBody(String text) {
            return new Reply(status, headers, text, delayMillis);
        }

        public Reply after(long millis) {
            return new Reply(status, headers, body, millis);
        }
    }

    /** A request received, and the status it was answered with. */
    public record Received(int number, String method, String path, Map<String, String> headers, String body,
                           Instant at, int answered) {

        public String id() {
            return headers.get("webhook-id");
        }

        /** The signatures the request carries that {@code secret} verifies (Standard Webhooks v1). */
        public int verifiedBy(String secret) {
            String signed = headers.get("webhook-id") + "." + headers.get("webhook-timestamp") + "." + body;
            byte[] expected = hmac(secret, signed);
            int verified = 0;
            for (String signature : headers.getOrDefault("webhook-signature", "").split(" ")) {
                if (signature.startsWith("v1,") && MessageDigest.isEqual(expected,
                        Base64.getDecoder().decode(signature.substring(3)))) {
                    verified++;
                }
            }
            return verified;
        }

        public List<String> signatures() {
            return new ArrayList<>(List.of(headers.getOrDefault("webhook-signature", "").split(" ")));
        }

        private static byte[] hmac(String secret, String signed) {
            try {
                Mac mac = Mac.getInstance("HmacSHA256");
                mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())),
                        "HmacSHA256"));
                return mac.doFinal(signed.getBytes(StandardCharsets.UTF_8));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
