package dev.enclave.app.infra.webhook.transport;

import static dev.enclave.app.infra.webhook.transport.Receiver.status;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HttpWebhookTransportTest {

    private static final Instant NOW = Instant.parse("2025-03-01T12:00:00Z");
    private static final byte[] EVENT = "{\"type\":\"member.joined\"}".getBytes(StandardCharsets.UTF_8);
    private static final Map<String, String> SIGNED = Map.of("Webhook-Signature", "v1,abc", "Webhook-Id", "msg_1");

    private final Receiver receiver = receiver();
    private final FakeDns dns = new FakeDns(Map.of(
            "public.example.test", List.of(ip("127.0.0.1")),
            "internal.example.test", List.of(ip("10.0.0.5")),
            "mixed.example.test", List.of(ip("127.0.0.1"), ip("10.0.0.5"))));
    private HttpWebhookTransport transport;

    @AfterEach
    void close() {
        if (transport != null) {
            transport.close();
        }
        receiver.close();
    }

    @Test
    void post_toANameResolvingToAnAllowedAddress_sendsTheEventAndReturnsTheAnswer() {
        receiver.route("/hook", status(202, "thanks"));

        AttemptOutcome answer = transport(local()).post(url("public.example.test", "/hook"), SIGNED, EVENT);

        assertThat(answer).isInstanceOfSatisfying(AttemptOutcome.Answered.class, answered -> {
            assertThat(answered.status()).isEqualTo(202);
            assertThat(answered.excerpt()).isEqualTo("thanks");
            assertThat(answered.latency()).isPositive().isLessThan(Duration.ofSeconds(5));
            assertThat(answered.retryAfter()).isEmpty();
        });
        assertThat(receiver.received()).singleElement().satisfies(request -> {
            assertThat(request.method()).isEqualTo("POST");
            assertThat(request.path()).isEqualTo("/hook");
            assertThat(request.body()).isEqualTo(EVENT);
            assertThat(request.headers().getFirst("Content-Type")).isEqualTo("application/json");
            assertThat(request.headers().getFirst("User-Agent")).isEqualTo("Enclave-Webhooks/1");
            assertThat(request.headers().getFirst("Webhook-Signature")).isEqualTo("v1,abc");
            assertThat(request.headers().getFirst("Webhook-Id")).isEqualTo("msg_1");
            assertThat(request.headers().getFirst("Host")).isEqualTo("public.example.test:" + receiver.port());
        });
        assertThat(dns.lookups("public.example.test")).as("resolved once, never again to connect").isEqualTo(1);
    }

    @Test
    void post_toLoopback_whenLoopbackIsNotAllowed_sendsNothing() {
        receiver.route("/hook", status(200, "ok"));
        HttpWebhookTransport strict = transport(new TestSettings(false, false));

        AttemptOutcome byName = strict.post(url("public.example.test", "/hook"), SIGNED, EVENT);
        AttemptOutcome byAddress = strict.post(url("127.0.0.1", "/hook"), SIGNED, EVENT);

        assertThat(byName).isEqualTo(new AttemptOutcome.NotSent("public.example.test resolves to a loopback address;"
                + " webhooks go to public addresses only."));
        assertThat(byAddress).isInstanceOf(AttemptOutcome.NotSent.class);
        assertThat(receiver.received()).isEmpty();
    }

    @Test
    void post_toAUrlTheRulesRefuse_sendsNothing_andLooksNothingUp() {
        receiver.route("/hook", status(200, "ok"));

        AttemptOutcome answer = transport(new TestSettings(true, true)).post(url("public.example.test", "/hook"),
                SIGNED, EVENT);

        assertThat(answer).isEqualTo(new AttemptOutcome.NotSent("The URL must use https."));
        assertThat(dns.lookups("public.example.test")).isZero();
        assertThat(receiver.received()).isEmpty();
    }

    @Test
    void post_toANameResolvingToAPrivateAddress_sendsNothing() {
        AttemptOutcome answer = transport(local()).post(url("internal.example.test", "/hook"), SIGNED, EVENT);

        assertThat(answer).isEqualTo(new AttemptOutcome.NotSent("internal.example.test resolves to a private address;"
                + " webhooks go to public addresses only."));
    }

    @Test
    void post_toANameResolvingToAnAllowedAndAPrivateAddress_sendsNothing_evenToTheAllowedOne() {
        receiver.route("/hook", status(200, "ok"));

        AttemptOutcome answer = transport(local()).post(url("mixed.example.test", "/hook"), SIGNED, EVENT);

        assertThat(answer).isInstanceOfSatisfying(AttemptOutcome.NotSent.class, notSent ->
                assertThat(notSent.reason()).as("the tenant sees no address Enclave's resolver knows")
                        .contains("a private address").doesNotContain("10.0.0.5"));
        assertThat(receiver.received()).isEmpty();
    }

    @Test
    void post_toANameThatDoesNotResolve_failsWithoutSending() {
        AttemptOutcome answer = transport(local()).post(url("nowhere.example.test", "/hook"), SIGNED, EVENT);

        assertThat(answer).isInstanceOfSatisfying(AttemptOutcome.Failed.class, failed ->
                assertThat(failed.fault()).isEqualTo("nowhere.example.test could not be resolved"));
    }

    @Test
    void aRedirect_isAnAnswer_neverFollowed() {
        receiver.route("/metadata", status(302, "", "Location", "http://169.254.169.254/latest/meta-data/"))
                .route("/moved", status(307, "", "Location", url("public.example.test", "/landed").toString()))
                .route("/landed", status(200, "followed"));
        HttpWebhookTransport transport = transport(local());

        AttemptOutcome toMetadata = transport.post(url("public.example.test", "/metadata"), SIGNED, EVENT);
        AttemptOutcome toHere = transport.post(url("public.example.test", "/moved"), SIGNED, EVENT);

        assertThat(toMetadata).isInstanceOfSatisfying(AttemptOutcome.Answered.class,
                answered -> assertThat(answered.status()).isEqualTo(302));
        assertThat(toHere).isInstanceOfSatisfying(AttemptOutcome.Answered.class,
                answered -> assertThat(answered.status()).isEqualTo(307));
        assertThat(receiver.received()).extracting(Receiver.Received::path).containsExactly("/metadata", "/moved");
    }

    @Test
    void retryAfter_isReadInSecondsOrAsADate_neverNegative_atMostADay() {
        String inTwoMinutes = httpDate(NOW.plusSeconds(120));
        String anHourAgo = httpDate(NOW.minusSeconds(3600));
        receiver.route("/seconds", status(429, "slow down", "Retry-After", "7"))
                .route("/date", status(503, "", "Retry-After", inTwoMinutes))
                .route("/past", status(503, "", "Retry-After", anHourAgo))
                .route("/week", status(503, "", "Retry-After", "604800"))
                .route("/garbage", status(503, "", "Retry-After", "soon"));
        HttpWebhookTransport transport = transport(local());

        assertThat(retryAfter(transport, "/seconds")).contains(Duration.ofSeconds(7));
        assertThat(retryAfter(transport, "/date")).contains(Duration.ofSeconds(120));
        assertThat(retryAfter(transport, "/past")).contains(Duration.ZERO);
        assertThat(retryAfter(transport, "/week")).contains(Duration.ofDays(1));
        assertThat(retryAfter(transport, "/garbage")).isEmpty();
    }

    @Test
    void aServerSlowerThanTheTimeout_failsTheAttempt_withinAboutTheTimeout() {
        receiver.route("/slow", exchange -> {
            try {
                Thread.sleep(10_000);
            } catch (InterruptedException stopped) {
                Thread.currentThread().interrupt();
            }
        });
        long started = System.nanoTime();

        AttemptOutcome answer = transport(local().withTimeout(Duration.ofMillis(300))).post(url("public.example.test",
                "/slow"), SIGNED, EVENT);

        Duration took = Duration.ofNanos(System.nanoTime() - started);
        assertThat(answer).isInstanceOfSatisfying(AttemptOutcome.Failed.class, failed -> {
            assertThat(failed.fault()).isEqualTo("no answer within 300 ms");
            assertThat(failed.latency()).isGreaterThanOrEqualTo(Duration.ofMillis(250));
        });
        assertThat(took).isLessThan(Duration.ofSeconds(2));
    }

    @Test
    void aBodyTrickledSlowerThanTheTimeout_isCutAtTheDeadline_andTheStatusStillCounts() {
        receiver.route("/trickle", exchange -> {
            exchange.sendResponseHeaders(200, 0);
            OutputStream out = exchange.getResponseBody();
            try {
                for (int i = 0; i < 100; i++) {
                    out.write('x');
                    out.flush();
                    Thread.sleep(100);
                }
            } catch (InterruptedException stopped) {
                Thread.currentThread().interrupt();
            }
        });
        long started = System.nanoTime();

        AttemptOutcome answer = transport(local().withTimeout(Duration.ofMillis(500))).post(url("public.example.test",
                "/trickle"), SIGNED, EVENT);

        Duration took = Duration.ofNanos(System.nanoTime() - started);
        assertThat(answer).isInstanceOfSatisfying(AttemptOutcome.Answered.class, answered -> {
            assertThat(answered.status()).isEqualTo(200);
            assertThat(answered.excerpt()).startsWith("x").hasSizeLessThan(10);
        });
        assertThat(took).isLessThan(Duration.ofSeconds(2));
    }

    @Test
    void aHugeAnswer_isReadOnlyUpToTheLimit_andTheExcerptKeepsItsFirstBytes() throws Exception {
        long tenMegabytes = 10L * 1024 * 1024;
        CompletableFuture<Long> written = new CompletableFuture<>();
        receiver.route("/huge", exchange -> {
            byte[] chunk = pattern(64 * 1024);
            exchange.sendResponseHeaders(200, tenMegabytes);
            long sent = 0;
            try {
                OutputStream out = exchange.getResponseBody();
                while (sent < tenMegabytes) {
                    out.write(chunk);
                    sent += chunk.length;
                }
                out.flush();
            } catch (IOException hungUp) {
                // the transport stopped reading and dropped the connection
            }
            written.complete(sent);
        });

        AttemptOutcome answer = transport(local()).post(url("public.example.test", "/huge"), SIGNED, EVENT);

        assertThat(answer).isInstanceOfSatisfying(AttemptOutcome.Answered.class, answered -> {
            assertThat(answered.status()).isEqualTo(200);
            assertThat(answered.excerpt()).isEqualTo(new String(pattern(1024), StandardCharsets.US_ASCII));
        });
        assertThat(written.get(10, TimeUnit.SECONDS)).as("bytes the receiver got out before the transport hung up")
                .isLessThan(tenMegabytes);
    }

    @Test
    void anAnswerWhoseHeadNeverEnds_failsTheAttempt_onceALineIsPastTheBound() throws Exception {
        long endless = 64L * 1024 * 1024;
        AtomicLong written = new AtomicLong();
        try (ServerSocket raw = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> served = CompletableFuture.runAsync(() -> {
                try (Socket socket = raw.accept()) {
                    OutputStream out = socket.getOutputStream();
                    out.write("HTTP/1.1 200 OK\r\nX-Endless: ".getBytes(StandardCharsets.US_ASCII));
                    byte[] chunk = pattern(64 * 1024);
                    while (written.get() < endless) {
                        out.write(chunk);
                        written.addAndGet(chunk.length);
                    }
                } catch (IOException hungUp) {
                    // the transport stopped reading and dropped the connection
                }
            });

            AttemptOutcome answer = transport(local()).post(URI.create("http://public.example.test:"
                    + raw.getLocalPort() + "/endless"), SIGNED, EVENT);

            assertThat(answer).isInstanceOf(AttemptOutcome.Failed.class);
            served.get(10, TimeUnit.SECONDS);
        }
        assertThat(written.get()).as("bytes of one header line the receiver got out before the transport hung up")
                .isLessThan(endless / 2);
    }

    private Optional<Duration> retryAfter(HttpWebhookTransport transport, String path) {
        AttemptOutcome answer = transport.post(url("public.example.test", path), SIGNED, EVENT);
        assertThat(answer).isInstanceOf(AttemptOutcome.Answered.class);
        return ((AttemptOutcome.Answered) answer).retryAfter();
    }

    private HttpWebhookTransport transport(TestSettings settings) {
        transport = new HttpWebhookTransport(settings, dns, Clock.fixed(NOW, ZoneOffset.UTC));
        return transport;
    }

    private static TestSettings local() {
        return new TestSettings(false, true);
    }

    private URI url(String host, String path) {
        return URI.create("http://" + host + ":" + receiver.port() + path);
    }

    private static String httpDate(Instant instant) {
        return DateTimeFormatter.RFC_1123_DATE_TIME.format(instant.atOffset(ZoneOffset.UTC));
    }

    private static byte[] pattern(int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) ('a' + i % 26);
        }
        return bytes;
    }

    private static Receiver receiver() {
        try {
            return new Receiver();
        } catch (IOException noServer) {
            throw new AssertionError(noServer);
        }
    }

    private static InetAddress ip(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException notALiteral) {
            throw new AssertionError(notALiteral);
        }
    }

    /** Names with the addresses a test gives them, counting each lookup; any other name is unknown. */
    private static final class FakeDns implements HostResolver {

        private final Map<String, List<InetAddress>> names;
        private final Map<String, AtomicInteger> lookups = new ConcurrentHashMap<>();

        FakeDns(Map<String, List<InetAddress>> names) {
            this.names = names;
        }

        @Override
        public List<InetAddress> resolve(String host) throws UnknownHostException {
            lookups.computeIfAbsent(host, h -> new AtomicInteger()).incrementAndGet();
            List<InetAddress> addresses = names.get(host);
            if (addresses == null) {
                throw new UnknownHostException(host);
            }
            return addresses;
        }

        int lookups(String host) {
            return lookups.getOrDefault(host, new AtomicInteger()).get();
        }
    }
}
