package dev.enclave.sandbox.sigv4;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A JDK HTTP server on a free port of 127.0.0.1 only, with a bounded pool: a fixed number of threads and a bounded
 * queue; when both are full the accepting thread runs the exchange itself, which slows accepting down instead of
 * dropping requests. The sandbox's servers build on it.
 */
public final class LoopbackServer implements AutoCloseable {

    private static final String LOOPBACK = "127.0.0.1";

    private static final int QUEUE = 1024;
    private static final System.Logger LOG = System.getLogger(LoopbackServer.class.getName());
    private static final String NO_DELAY = "sun.net.httpserver.nodelay";

    static {
        // The JDK server writes a response's headers and body as separate segments; with Nagle's algorithm on, the
        // body waits for the client's delayed ACK (~40 ms on Linux) on every call. The setting is read once, when
        // the first server is created, and exists only as this system property.
        if (System.getProperty(NO_DELAY) == null) {
            System.setProperty(NO_DELAY, "true");
        }
    }

    private final HttpServer server;
    private final ThreadPoolExecutor executor;

    /** What a server does with one request; any exception is logged and becomes a bare 500. */
    @FunctionalInterface
    public interface Handler {
        /** Answers {@code exchange}. */
        void handle(HttpExchange exchange) throws IOException;
    }

    /** Starts a server named {@code name} (its threads' names) with {@code threads} threads on a free port. */
    public LoopbackServer(String name, int threads, Handler handler) {
        this(name, 0, threads, handler);
    }

    /** Starts a server named {@code name} on {@code port} (0: a free one) with {@code threads} threads. */
    public LoopbackServer(String name, int port, int threads, Handler handler) {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getByName(LOOPBACK), port), 256);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot bind " + name + " on " + LOOPBACK + ":" + port
                    + (port == 0 ? "" : " (is the port in use?)"), e);
        }
        executor = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(QUEUE), DaemonThreads.named(name), new ThreadPoolExecutor.CallerRunsPolicy());
        server.setExecutor(executor);
        server.createContext("/", exchange -> {
            try {
                handler.handle(exchange);
            } catch (IOException | RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, name + " failed on " + exchange.getRequestURI(), e);
                failed(exchange);
            } finally {
                exchange.close();
            }
        });
        server.start();
    }

    /** Where the server listens: {@code http://127.0.0.1:<port>}. */
    public URI endpoint() {
        return URI.create("http://" + LOOPBACK + ":" + server.getAddress().getPort());
    }

    /** Stops accepting, lets running exchanges finish for a moment, then stops the threads. */
    @Override
    public void close() {
        server.stop(0);
        DaemonThreads.stop(executor);
    }

    /** Sends a complete response; {@code headers} are set in addition to the content type. */
    public static void respond(HttpExchange exchange, int status, String contentType, Map<String, String> headers,
                               byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", contentType);
        headers.forEach((name, value) -> exchange.getResponseHeaders().set(name, value));
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (var out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    private static void failed(HttpExchange exchange) {
        try {
            exchange.sendResponseHeaders(500, -1);
        } catch (IOException | RuntimeException alreadyStarted) {
            // the response had begun; closing the exchange is all that is left
        }
    }
}
