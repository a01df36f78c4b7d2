package dev.enclave.app.infra.webhook.transport;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** A webhook receiver on 127.0.0.1 that records every request it gets, then answers as its route says. */
final class Receiver implements AutoCloseable {

    /** One request as the receiver got it. */
    record Received(String method, String path, Headers headers, byte[] body) {
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<Received> received = new CopyOnWriteArrayList<>();

    Receiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(threads);
        server.start();
    }

    /** Answers requests to {@code path} with {@code answer}, after recording them. */
    Receiver route(String path, HttpHandler answer) {
        server.createContext(path, exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                    exchange.getRequestHeaders(), body));
            try {
                answer.handle(exchange);
            } finally {
                exchange.close();
            }
        });
        return this;
    }

    int port() {
        return server.getAddress().getPort();
    }

    List<Received> received() {
        return List.copyOf(received);
    }

    static HttpHandler status(int status, String body, String... headers) {
        return exchange -> {
            for (int i = 0; i < headers.length; i += 2) {
                exchange.getResponseHeaders().add(headers[i], headers[i + 1]);
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
            if (bytes.length > 0) {
                exchange.getResponseBody().write(bytes);
            }
        };
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
