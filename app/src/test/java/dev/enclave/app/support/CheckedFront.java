package dev.enclave.app.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback HTTP front to Enclave for clients a test does not drive itself (the AWS SDK's container credentials
 * provider): each request is passed on through {@link Api}, so the exchange is checked against the OpenAPI
 * document like any other, and the answer is passed back unchanged. Mismatches fail {@link #close()}.
 */
public final class CheckedFront implements AutoCloseable {

    /** Headers the JDK client sets itself and refuses from callers, or that describe this hop only. */
    private static final Set<String> HOP_HEADERS = Set.of("host", "connection", "content-length", "expect",
            "upgrade", "transfer-encoding", "keep-alive");

    private final Api api;
    private final HttpServer http;
    private final List<AssertionError> mismatches = new CopyOnWriteArrayList<>();

    private CheckedFront(Api api) {
        this.api = api;
        try {
            http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        http.createContext("/", this::passOn);
        http.start();
    }

    /** A front passing requests on to the server {@code api} talks to, checked as {@code api} checks them. */
    public static CheckedFront to(Api api) {
        return new CheckedFront(api);
    }

    /** The front's URL for {@code path}. */
    public String url(String path) {
        return "http://" + http.getAddress().getAddress().getHostAddress() + ":" + http.getAddress().getPort()
                + path;
    }

    @Override
    public void close() {
        http.stop(0);
        if (!mismatches.isEmpty()) {
            AssertionError first = mismatches.get(0);
            mismatches.subList(1, mismatches.size()).forEach(first::addSuppressed);
            throw first;
        }
    }

    private void passOn(HttpExchange exchange) throws IOException {
        try (exchange) {
            Api.Reply reply = api.send(forwarded(exchange), mismatches::add);
            reply.response().headers().map().forEach((name, values) -> {
                if (!HOP_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                    exchange.getResponseHeaders().put(name, values);
                }
            });
            byte[] body = reply.body().getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(reply.status(), body.length == 0 ? -1 : body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    private HttpRequest.Builder forwarded(HttpExchange exchange) throws IOException {
        HttpRequest.Builder request = api.request(exchange.getRequestURI().toString(), null);
        exchange.getRequestHeaders().forEach((name, values) -> {
            if (!HOP_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                values.forEach(value -> request.header(name, value));
            }
        });
        byte[] body = exchange.getRequestBody().readAllBytes();
        return request.method(exchange.getRequestMethod(), body.length == 0 ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofByteArray(body));
    }
}
