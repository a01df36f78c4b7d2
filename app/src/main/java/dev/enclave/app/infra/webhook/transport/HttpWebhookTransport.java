package dev.enclave.app.infra.webhook.transport;

import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.ssl.SSLException;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.ManagedHttpClientConnectionFactory;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.config.Http1Config;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/**
 * Posts webhooks with Apache HttpClient 5, one shared client for every thread. Each attempt checks the URL
 * ({@link WebhookUrls}), resolves its host once, and sends nothing when any address is not public
 * ({@link PublicAddresses}); the connection then goes to those addresses and no other ({@link CheckedAddresses}),
 * while TLS (SNI, certificate) and the {@code Host} header keep the name. Redirects are answers, not followed; no
 * attempt is repeated; the whole attempt, from connecting to the last byte read, takes at most the timeout (the
 * lookup before it is the system resolver's to bound), and at most {@code max-read-bytes} of an answer are read.
 */
@Singleton
public final class HttpWebhookTransport implements WebhookTransport {

    private static final String USER_AGENT = "Enclave-Webhooks/1";
    private static final Set<String> FRAMING = Set.of("host", "content-length", "transfer-encoding", "connection");
    private static final int MOST_CONNECTIONS = 200;
    /** The longest line of an answer's head read (its status line, or one header), as browsers and proxies bound it. */
    private static final int MOST_HEADER_LINE = 8192;
    /** The most header lines an answer's head may have. */
    private static final int MOST_HEADERS = 100;
    private static final int MOST_CONNECTIONS_PER_HOST = 10;
    private static final int CHUNK = 8192;
    private static final ContentType JSON = ContentType.create("application/json");

    private final Duration timeout;
    private final int excerptBytes;
    private final int maxReadBytes;
    private final WebhookUrls urls;
    private final HostResolver resolver;
    private final Clock clock;
    private final CheckedAddresses checked = new CheckedAddresses();
    private final CloseableHttpClient client;
    private final ScheduledExecutorService deadlines;

    HttpWebhookTransport(WebhookTransportSettings settings, HostResolver resolver, Clock clock) {
        this.timeout = settings.getTimeout();
        this.excerptBytes = settings.getExcerptBytes();
        this.maxReadBytes = settings.getMaxReadBytes();
        this.urls = WebhookUrls.of(settings);
        this.resolver = resolver;
        this.clock = clock;
        this.client = client(checked, Timeout.of(timeout));
        this.deadlines = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "enclave-webhook-deadlines");
            thread.setDaemon(true);
            return thread;
        });
    }

    @Override
    public AttemptOutcome post(URI url, Map<String, String> headers, byte[] body) {
        long started = System.nanoTime();
        Optional<String> problem = urls.problem(url.toASCIIString());
        if (problem.isPresent()) {
            return new AttemptOutcome.NotSent(problem.get());
        }
        String host = url.getHost().toLowerCase(Locale.ROOT);
        List<InetAddress> addresses;
        try {
            addresses = addressesOf(host);
        } catch (UnknownHostException unknown) {
            return new AttemptOutcome.Failed(since(started), host + " could not be resolved");
        }
        Optional<String> refused = refusal(host, addresses);
        if (refused.isPresent()) {
            return new AttemptOutcome.NotSent(refused.get());
        }
        String name = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        HttpHost target = new HttpHost(url.getScheme().toLowerCase(Locale.ROOT), name, url.getPort());
        return send(target, request(url, headers, body), addresses, started);
    }

    /** Closes every connection and stops the deadlines. */
    @PreDestroy
    void close() {
        client.close(CloseMode.GRACEFUL);
        deadlines.shutdownNow();
    }

    /** The address an IP literal spells, or every address of a name, looked up once for the whole attempt. */
    private List<InetAddress> addressesOf(String host) throws UnknownHostException {
        Optional<InetAddress> literal = WebhookUrls.address(host);
        return literal.isPresent() ? List.of(literal.get()) : resolver.resolve(host);
    }

    private Optional<String> refusal(String host, List<InetAddress> addresses) {
        if (addresses.isEmpty()) {
            return Optional.of(host + " resolves to no address.");
        }
        PublicAddresses publicAddresses = urls.addresses();
        for (InetAddress address : addresses) {
            Optional<String> kind = publicAddresses.refusal(address);
            if (kind.isPresent()) {
                return Optional.of(host + " resolves to " + kind.get()
                        + "; webhooks go to public addresses only.");
            }
        }
        return Optional.empty();
    }

    private AttemptOutcome send(HttpHost target, HttpPost request, List<InetAddress> addresses, long started) {
        AtomicBoolean late = new AtomicBoolean();
        ScheduledFuture<?> deadline = deadlines.schedule(() -> {
            late.set(true);
            request.cancel();
        }, timeout.toNanos(), TimeUnit.NANOSECONDS);
        try {
            ClassicHttpResponse response = checked.during(target.getHostName(), addresses,
                    () -> client.executeOpen(target, request, null));
            try {
                return answer(response, request, started);
            } finally {
                closeQuietly(response);
            }
        } catch (IOException fault) {
            return new AttemptOutcome.Failed(since(started), late.get() ? noAnswerWithin() : describe(fault));
        } finally {
            deadline.cancel(false);
        }
    }

    private AttemptOutcome answer(ClassicHttpResponse response, HttpPost request, long started) {
        if (!AttemptOutcome.Answered.isStatus(response.getCode())) {
            request.cancel();
            return new AttemptOutcome.Failed(since(started), "the answer's status " + response.getCode()
                    + " is not an HTTP status");
        }
        String excerpt = excerpt(response.getEntity(), request);
        return new AttemptOutcome.Answered(response.getCode(), since(started), excerpt, retryAfter(response));
    }

    /**
     * The first {@code excerptBytes} of the body, of at most {@code maxReadBytes} read. A body not read to its end
     * is not drained either: the request is cancelled, which drops the connection instead of reading the rest.
     */
    private String excerpt(HttpEntity entity, HttpPost request) {
        if (entity == null) {
            return "";
        }
        Excerpt excerpt = new Excerpt(excerptBytes);
        try {
            InputStream in = entity.getContent();
            byte[] chunk = new byte[CHUNK];
            for (long read = 0; read < maxReadBytes; ) {
                int n = in.read(chunk, 0, (int) Math.min(CHUNK, maxReadBytes - read));
                if (n < 0) {
                    return excerpt.text();
                }
                excerpt.keep(chunk, n);
                read += n;
            }
        } catch (IOException cutShort) {
            // what arrived before the connection broke or the deadline passed still belongs to the answer
        }
        request.cancel();
        return excerpt.text();
    }

    private Optional<Duration> retryAfter(ClassicHttpResponse response) {
        Header header = response.getFirstHeader("Retry-After");
        return header == null ? Optional.empty() : RetryAfter.read(header.getValue(), clock.instant());
    }

    /** Closes an answer whose body was read to its end or whose request was cancelled: nothing is left to drain. */
    private static void closeQuietly(ClassicHttpResponse response) {
        try {
            response.close();
        } catch (IOException alreadyCancelled) {
            // the connection was dropped on purpose; closing it again cannot fail any worse
        }
    }

    private static HttpPost request(URI url, Map<String, String> headers, byte[] body) {
        HttpPost request = new HttpPost(url);
        request.setHeader("User-Agent", USER_AGENT);
        headers.forEach((name, value) -> {
            if (FRAMING.contains(name.toLowerCase(Locale.ROOT))) {
                throw new IllegalArgumentException(name + " is set by the transport, not by its caller");
            }
            if (value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0) {
                throw new IllegalArgumentException("the value of " + name + " has a line break");
            }
            request.setHeader(name, value);
        });
        request.setEntity(new ByteArrayEntity(body, JSON));
        return request;
    }

    private String noAnswerWithin() {
        return "no answer within " + timeout.toMillis() + " ms";
    }

    private String describe(IOException fault) {
        if (fault instanceof InterruptedIOException) {
            return noAnswerWithin();
        }
        if (fault instanceof SSLException) {
            return "TLS failed: " + fault.getMessage();
        }
        if (fault instanceof ConnectException) {
            return "could not connect: " + fault.getMessage();
        }
        return "the connection failed: " + fault;
    }

    private static Duration since(long startedNanos) {
        return Duration.ofNanos(System.nanoTime() - startedNanos);
    }

    private static CloseableHttpClient client(CheckedAddresses checked, Timeout timeout) {
        ConnectionConfig connections = ConnectionConfig.custom().setConnectTimeout(timeout)
                .setSocketTimeout(timeout).setTimeToLive(TimeValue.ofMinutes(5)).build();
        RequestConfig requests = RequestConfig.custom().setConnectionRequestTimeout(timeout)
                .setResponseTimeout(timeout).setRedirectsEnabled(false).build();
        return HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setConnectionFactory(ManagedHttpClientConnectionFactory.builder().http1Config(
                                Http1Config.custom().setMaxLineLength(MOST_HEADER_LINE)
                                        .setMaxHeaderCount(MOST_HEADERS).build()).build())
                        .setDnsResolver(checked)
                        .setDefaultConnectionConfig(connections)
                        .setMaxConnTotal(MOST_CONNECTIONS)
                        .setMaxConnPerRoute(MOST_CONNECTIONS_PER_HOST)
                        .build())
                .setDefaultRequestConfig(requests)
                .disableRedirectHandling()
                .disableAutomaticRetries()
                .disableCookieManagement()
                .disableAuthCaching()
                .disableContentCompression()
                .disableConnectionState()
                .evictIdleConnections(TimeValue.ofMinutes(1))
                .build();
    }

    /** The first bytes of a body, as lenient UTF-8 text (a sequence cut at the end becomes U+FFFD). */
    private static final class Excerpt {

        private final byte[] bytes;
        private int length;

        Excerpt(int most) {
            this.bytes = new byte[most];
        }

        void keep(byte[] chunk, int n) {
            int kept = Math.min(n, bytes.length - length);
            System.arraycopy(chunk, 0, bytes, length, kept);
            length += kept;
        }

        String text() {
            return new String(bytes, 0, length, StandardCharsets.UTF_8);
        }
    }
}
