package dev.enclave.app.infra.webhook;

import dev.enclave.app.domain.webhook.AttemptResult;
import dev.enclave.app.domain.webhook.Delivery;
import dev.enclave.app.domain.webhook.DeliveryClock;
import dev.enclave.app.domain.webhook.DeliveryNudge;
import dev.enclave.app.domain.webhook.DeliveryVerdict;
import dev.enclave.app.domain.webhook.WebhookEndpoint;
import dev.enclave.app.domain.webhook.WebhookEndpoints;
import dev.enclave.app.domain.webhook.WebhookSecret;
import dev.enclave.app.infra.store.event.LogAppended;
import dev.enclave.app.infra.store.webhook.DeliveryQueue;
import dev.enclave.app.infra.webhook.transport.AttemptOutcome;
import dev.enclave.app.infra.webhook.transport.WebhookTransport;
import dev.enclave.identity.TenantId;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.annotation.Requires;
import io.micronaut.runtime.event.annotation.EventListener;
import io.micronaut.scheduling.annotation.Scheduled;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers the organisations' events to their webhook endpoints, on any number of instances at once. The instance
 * that commits an event to a watched log hands it out at once ({@link LogAppended}); every instance polls the
 * due-deliveries index for the rest (logs with events to hand out, deliveries whose attempt is due). An attempt is
 * made only by the worker that took the delivery with a conditional write and a lease, so an event is sent twice
 * only when a worker dies (or stalls past its lease) between sending and recording it: at least once, and once in
 * the normal case. Work that does not fit the queue is left on the index for the next poll.
 */
@Singleton
@Requires(beans = {DeliveryQueue.class, WebhookEndpoints.class, WebhookTransport.class})
public final class DeliveryWorker implements DeliveryNudge {

    private static final int POLL_BATCH = 100;
    private static final int QUEUED_MOST = 10_000;
    private static final Duration SET_ASIDE = Duration.ofMinutes(5);
    private static final Logger LOG = LoggerFactory.getLogger(DeliveryWorker.class);

    private final DeliveryQueue queue;
    private final WebhookEndpoints endpoints;
    private final WebhookTransport transport;
    private final Optional<InvitationMailer> mailer;
    private final WebhookSettings settings;
    private final DeliveryClock clock;
    private final MeterRegistry meters;
    private final String worker = "enclave-" + UUID.randomUUID();
    private final Set<TenantId> handOutsQueued = ConcurrentHashMap.newKeySet();
    private final Set<DeliveryQueue.Attempt> attemptsQueued = ConcurrentHashMap.newKeySet();
    private final Map<TenantId, Integer> attemptsHeld = new ConcurrentHashMap<>();
    private final ThreadPoolExecutor executor;

    DeliveryWorker(DeliveryQueue queue, WebhookEndpoints endpoints, WebhookTransport transport,
                   Optional<InvitationMailer> mailer, WebhookSettings settings, DeliveryClock clock, MeterRegistry meters) {
        this.queue = queue;
        this.endpoints = endpoints;
        this.transport = transport;
        this.mailer = mailer;
        this.settings = settings;
        this.clock = clock;
        this.meters = meters;
        AtomicInteger threads = new AtomicInteger();
        this.executor = new ThreadPoolExecutor(settings.getConcurrency(), settings.getConcurrency(), 30,
                TimeUnit.SECONDS, new LinkedBlockingQueue<>(QUEUED_MOST), work -> {
                    Thread thread = new Thread(work, "enclave-webhook-" + threads.incrementAndGet());
                    thread.setDaemon(true);
                    return thread;
                }, new ThreadPoolExecutor.AbortPolicy());
    }

    /** An event this instance committed to a watched log: hand it out now. */
    @EventListener
    void appended(LogAppended appended) {
        due(appended.tenant());
    }

    @Override
    public void due(TenantId tenant) {
        once(handOutsQueued, tenant, () -> handOutAndAttempt(tenant));
    }

    /** Takes what is due on the index; returns how many pieces of work it queued. */
    @Scheduled(fixedDelay = "${enclave.webhooks.poll-interval:1s}", initialDelay = "${enclave.webhooks.first-poll:1s}")
    public int poll() {
        int queued = 0;
        try {
            for (DeliveryQueue.Due due : queue.due(clock.now(), POLL_BATCH)) {
                if (due instanceof DeliveryQueue.Attempt attempt) {
                    queue(attempt);
                } else if (due instanceof DeliveryQueue.Mail mail) {
                    mail(mail);
                } else if (due instanceof DeliveryQueue.Unusable unusable) {
                    LOG.warn("due-deliveries entry of an unknown kind set aside tenant={} key={}",
                            unusable.tenant().value(), unusable.entry().item().sort());
                    setAside(unusable.entry());
                } else {
                    due(due.tenant());
                }
                queued++;
            }
        } catch (RuntimeException fault) {
            LOG.warn("webhook poll stopped; the next poll goes on: {}", fault.toString());
        }
        return queued;
    }

    /** Mails the invitation, or, where no mail server is configured, sets its entry aside until one may be. */
    private void mail(DeliveryQueue.Mail mail) {
        mailer.ifPresentOrElse(sending -> submitted(() -> sending.mail(mail.tenant(), mail.invitation())), () -> {
            LOG.warn("invitation mail due but no mail server configured (enclave.mail.host); set aside tenant={} "
                    + "invitation={}", mail.tenant().value(), mail.invitation().value());
            setAside(mail.entry());
        });
    }

    /** A fault leaves the entry where it is for the next poll, and lets this poll go on with the others. */
    private void setAside(DeliveryQueue.Placed entry) {
        try {
            queue.setAside(entry, clock.now().plus(SET_ASIDE));
        } catch (RuntimeException fault) {
            LOG.warn("due-deliveries entry not set aside tenant={}: {}", entry.tenant().value(), fault.toString());
        }
    }

    /** Hands out the log's new events and tries each delivery made, here and now. */
    public void handOutAndAttempt(TenantId tenant) {
        try {
            List<Delivery> made = queue.handOut(tenant, clock.now());
            made.forEach(delivery -> queue(new DeliveryQueue.Attempt(delivery.tenant(), delivery.endpoint(),
                    delivery.id())));
        } catch (RuntimeException fault) {
            LOG.warn("webhook hand-out failed tenant={}; the index keeps it due: {}", tenant.value(),
                    fault.toString());
        }
    }

    /**
     * Queues the attempt unless this instance has it queued already: an instance that is behind would otherwise queue
     * what its polls find still due again and again, and spend a refused take on each copy.
     */
    private void queue(DeliveryQueue.Attempt attempt) {
        TenantId tenant = attempt.tenant();
        if (!held(tenant)) {
            return;
        }
        if (!once(attemptsQueued, attempt, () -> {
            try {
                attempt(attempt);
            } finally {
                released(tenant);
            }
        })) {
            released(tenant);
        }
    }

    /**
     * Whether the organisation may have one more attempt queued or running here: at most half the instance's
     * concurrency, so an organisation whose receivers are slow (or which sends many tests) never holds every thread
     * while another's deliveries wait. What it may not have now stays due on the index for a later poll.
     */
    private boolean held(TenantId tenant) {
        int share = Math.max(1, settings.getConcurrency() / 2);
        boolean[] taken = {false};
        attemptsHeld.compute(tenant, (key, held) -> {
            int now = held == null ? 0 : held;
            taken[0] = now < share;
            return taken[0] ? now + 1 : held;
        });
        return taken[0];
    }

    private void released(TenantId tenant) {
        attemptsHeld.computeIfPresent(tenant, (key, held) -> held <= 1 ? null : held - 1);
    }

    /**
     * Queues {@code work} for {@code key} unless it is queued already; it leaves {@code queued} when it starts. False
     * when it was not queued (queued already, or the queue is full).
     */
    private <K> boolean once(Set<K> queued, K key, Runnable work) {
        if (!queued.add(key)) {
            return false;
        }
        if (!submitted(() -> {
            queued.remove(key);
            work.run();
        })) {
            queued.remove(key);
            return false;
        }
        return true;
    }

    /** Queues {@code work}; false when the queue is full (what is due stays on the index for the next poll). */
    private boolean submitted(Runnable work) {
        try {
            executor.execute(work);
            return true;
        } catch (RejectedExecutionException full) {
            return false;
        }
    }

    /** Takes the delivery if it is due and free, and makes its attempt. */
    public void attempt(DeliveryQueue.Attempt due) {
        String holder = worker + "/" + UUID.randomUUID();
        try {
            queue.take(due.tenant(), due.endpoint(), due.id(), holder, clock.now(), settings.getLease())
                    .ifPresent(delivery -> deliver(delivery, holder));
        } catch (RuntimeException fault) {
            LOG.warn("webhook attempt failed tenant={} delivery={}; its lease ends by itself: {}",
                    due.tenant().value(), due.id(), fault.toString());
        }
    }

    private void deliver(Delivery delivery, String holder) {
        Instant started = clock.now();
        Optional<WebhookEndpoints.ToSend> toSend = endpoints.toSend(delivery.tenant(), delivery.endpoint(), started);
        Optional<WebhookEndpoint> endpoint = toSend.map(WebhookEndpoints.ToSend::endpoint);
        boolean lapsed = toSend.filter(found -> found.endpoint().enabled() && !found.kept()).isPresent();
        if (lapsed && !endpoints.lapsed(endpoint.get())) {
            return;
        }
        Optional<String> unsendable = unsendable(endpoint, lapsed, delivery.eventType());
        if (unsendable.isPresent()) {
            String fault = unsendable.get();
            queue.settle(delivery, holder, attempt(started, AttemptResult.unanswered(Duration.ZERO, fault)),
                    new DeliveryVerdict(Delivery.Status.FAILED, Optional.empty(),
                            DeliveryVerdict.EndpointChange.NONE));
            counted("skipped");
            return;
        }
        AttemptResult result = send(delivery, toSend.get(), started);
        Instant now = clock.now();
        DeliveryVerdict verdict = DeliveryVerdict.of(result, delivery.attempts().size() + 1,
                endpoint.get().failingSince(), now, settings.getFailureWindow(),
                () -> ThreadLocalRandom.current().nextDouble());
        if (!queue.settle(delivery, holder, attempt(started, result), verdict)) {
            LOG.warn("webhook attempt outlived its lease tenant={} delivery={}", delivery.tenant().value(),
                    delivery.id());
        }
        endpoints.settle(endpoint.get(), verdict.endpoint(), now);
        counted(result.succeeded() ? "succeeded" : "failed");
    }

    /** Why the delivery is not sent to the endpoint as it is now, if it is not. */
    private static Optional<String> unsendable(Optional<WebhookEndpoint> endpoint, boolean lapsed, String eventType) {
        if (endpoint.isEmpty()) {
            return Optional.of("the endpoint was deleted");
        } else if (lapsed) {
            return Optional.of("the endpoint is disabled: the member who keeps it no longer manages the "
                    + "organisation's webhooks");
        } else if (!endpoint.get().enabled()) {
            return Optional.of("the endpoint is disabled");
        } else if (!endpoint.get().takes(eventType)) {
            return Optional.of("the endpoint no longer takes " + eventType + " events");
        }
        return Optional.empty();
    }

    private AttemptResult send(Delivery delivery, WebhookEndpoints.ToSend endpoint, Instant at) {
        List<WebhookSecret> secrets = endpoint.secrets();
        if (secrets.isEmpty()) {
            return AttemptResult.unanswered(Duration.ZERO, "no sealing key opens the endpoint's secret");
        }
        AttemptOutcome answer = transport.post(URI.create(endpoint.endpoint().url()),
                WebhookSigner.headers(delivery.eventId(), at, delivery.body(), secrets),
                delivery.body().getBytes(StandardCharsets.UTF_8));
        if (answer instanceof AttemptOutcome.Answered answered) {
            meters.timer("enclave.webhooks.latency").record(answered.latency());
            return AttemptResult.answered(answered.status(), answered.latency(),
                    delivery.secret() ? "" : answered.excerpt(), answered.retryAfter());
        }
        if (answer instanceof AttemptOutcome.Failed failed) {
            return AttemptResult.unanswered(failed.latency(), failed.fault());
        }
        return AttemptResult.unanswered(Duration.ZERO, "not sent: " + ((AttemptOutcome.NotSent) answer).reason());
    }

    private static Delivery.Attempt attempt(Instant at, AttemptResult result) {
        return new Delivery.Attempt(at, result.status(), result.latency().toMillis(), result.excerpt(),
                result.fault());
    }

    private void counted(String outcome) {
        meters.counter("enclave.webhooks.attempts", "outcome", outcome).increment();
    }

    @PreDestroy
    void stop() throws InterruptedException {
        executor.shutdown();
        if (!executor.awaitTermination(5, TimeUnit.SECONDS)) {
            executor.shutdownNow();
        }
    }
}
