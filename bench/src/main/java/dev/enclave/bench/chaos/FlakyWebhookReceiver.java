package dev.enclave.bench.chaos;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The receiver every organisation of the run has a webhook endpoint pointed at ({@code /hooks/<org>/i<incarnation>}):
 * a JDK HTTP server on loopback that records each request's {@code webhook-id}, its event's type, when it came, when
 * it was answered and with what. It answers 204; the requests that come in the {@link #HOLD_BEFORE_KILL} before a
 * kill only {@link #HOLD_AFTER_KILL} after it, so that every kill finds attempts in flight, sent and not recorded;
 * one request in {@value #SLOW_ONE_IN} after up to {@value #SLOWEST_MILLIS} ms; and the first request of one event in
 * {@value #FAILING_ONE_IN} with a 500, so that a kill finds retries due. Only a first request ever fails: no delivery
 * fails twice, so none waits the retry schedule's second wait (5 minutes).
 */
final class FlakyWebhookReceiver implements AutoCloseable {

    static final int SLOW_ONE_IN = 8;
    static final long SLOWEST_MILLIS = 1_500;
    static final int FAILING_ONE_IN = 40;
    static final Duration HOLD_BEFORE_KILL = Duration.ofSeconds(2);
    static final Duration HOLD_AFTER_KILL = Duration.ofSeconds(1);
    private static final long SLOW_FROM_MILLIS = 200;
    private static final int THREADS = 32;

    /**
     * One request: the endpoint's path, the event's id and type, when it came and when its answer was sent
     * ({@link System#nanoTime()}), and the answer's status, 0 when the connection was gone before it could be sent.
     */
    record Receipt(String path, String eventId, String type, long receivedNanos, long answeredNanos, int status) {

        /** Not refused: a receiver would have acted on it, whether or not its 2xx reached the sender (a kill). */
        boolean taken() {
            return status != 500;
        }

        String event() {
            return path + " " + eventId;
        }
    }

    private final HttpServer server;
    private final ExecutorService threads;
    private final Random random;
    private final Set<String> seen = ConcurrentHashMap.newKeySet();
    private final ConcurrentLinkedQueue<Receipt> receipts = new ConcurrentLinkedQueue<>();
    private final AtomicLong slowAnswers = new AtomicLong();
    private final AtomicLong heldAnswers = new AtomicLong();
    private final AtomicLong holdUntil = new AtomicLong(System.nanoTime());
    private final AtomicLong lastReceived = new AtomicLong(System.nanoTime());

    FlakyWebhookReceiver(long seed) throws IOException {
        this.random = new Random(seed);
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        this.threads = Executors.newFixedThreadPool(THREADS, work -> {
            Thread thread = new Thread(work, "chaos-receiver");
            thread.setDaemon(true);
            return thread;
        });
        server.createContext("/hooks/", this::receive);
        server.setExecutor(threads);
        server.start();
    }

    /** The URL of {@code path} (a dotted quad: the local run allows loopback, and no name is resolved). */
    String url(String path) {
        return "http://" + server.getAddress().getAddress().getHostAddress() + ":" + server.getAddress().getPort()
                + path;
    }

    List<Receipt> receipts() {
        return new ArrayList<>(receipts);
    }

    /** When the last request came ({@link System#nanoTime()}). */
    long lastReceivedNanos() {
        return lastReceived.get();
    }

    long slowAnswers() {
        return slowAnswers.get();
    }

    long heldAnswers() {
        return heldAnswers.get();
    }

    /**
     * A kill is coming at {@code killNanos} ({@link System#nanoTime()}), {@link #HOLD_BEFORE_KILL} from now: every
     * request from now on is answered no sooner than {@link #HOLD_AFTER_KILL} after it.
     */
    void holdAcross(long killNanos) {
        holdUntil.set(killNanos + HOLD_AFTER_KILL.toNanos());
    }

    private void receive(HttpExchange exchange) {
        long received = System.nanoTime();
        lastReceived.accumulateAndGet(received, Math::max);
        String path = exchange.getRequestURI().getPath();
        String id = String.valueOf(exchange.getRequestHeaders().getFirst("webhook-id"));
        String type = "";
        int status = 204;
        try {
            type = Client.JSON.readTree(exchange.getRequestBody().readAllBytes()).path("type").asText("");
            boolean first = seen.add(path + " " + id);
            long hold = holdUntil.get() - received;
            if (hold > 0) {
                heldAnswers.incrementAndGet();
                Thread.sleep(TimeUnit.NANOSECONDS.toMillis(hold));
            } else if (first && random.nextInt(FAILING_ONE_IN) == 0) {
                status = 500;
            } else if (random.nextInt(SLOW_ONE_IN) == 0) {
                slowAnswers.incrementAndGet();
                Thread.sleep(SLOW_FROM_MILLIS + random.nextLong(SLOWEST_MILLIS - SLOW_FROM_MILLIS));
            }
            exchange.sendResponseHeaders(status, -1);
        } catch (IOException connectionGone) {
            status = 0;
        } catch (InterruptedException stopping) {
            Thread.currentThread().interrupt();
            status = 0;
        } finally {
            exchange.close();
            receipts.add(new Receipt(path, id, type, received, System.nanoTime(), status));
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
