package dev.enclave.app.infra.startup;

import io.micronaut.context.annotation.Value;
import io.micronaut.context.event.ApplicationEventListener;
import io.micronaut.context.event.ShutdownEvent;
import io.micronaut.core.order.Ordered;
import io.micronaut.health.HealthStatus;
import io.micronaut.management.health.indicator.HealthIndicator;
import io.micronaut.management.health.indicator.HealthResult;
import io.micronaut.management.health.indicator.annotation.Readiness;
import io.micronaut.runtime.graceful.GracefulShutdownManager;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.reactivestreams.Publisher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * Stops the server without cutting a request: readiness answers DOWN first, and the server keeps serving for
 * {@code enclave.shutdown.readiness-delay} so load balancers stop sending requests; then Micronaut's graceful
 * shutdown stops accepting connections and waits, at most {@code enclave.shutdown.grace-period}, for the requests
 * in flight to finish. Only then are the beans (clients, pools, the server) closed.
 */
@Singleton
@Readiness
final class ShutdownDrain implements HealthIndicator, ApplicationEventListener<ShutdownEvent>, Ordered {

    private static final Logger LOG = LoggerFactory.getLogger("enclave.shutdown");

    private final GracefulShutdownManager graceful;
    private final Duration readinessDelay;
    private final Duration gracePeriod;
    private volatile boolean draining;

    ShutdownDrain(GracefulShutdownManager graceful,
                  @Value("${enclave.shutdown.readiness-delay:5s}") Duration readinessDelay,
                  @Value("${enclave.shutdown.grace-period:20s}") Duration gracePeriod) {
        this.graceful = graceful;
        this.readinessDelay = readinessDelay;
        this.gracePeriod = gracePeriod;
    }

    @Override
    public Publisher<HealthResult> getResult() {
        return Mono.just(HealthResult.builder("shutdown", draining ? HealthStatus.DOWN : HealthStatus.UP).build());
    }

    @Override
    public void onApplicationEvent(ShutdownEvent event) {
        draining = true;
        LOG.info("shutting down: readiness DOWN, serving {} more, then waiting up to {} for requests in flight",
                readinessDelay, gracePeriod);
        pause(readinessDelay);
        try {
            graceful.shutdownGracefully().toCompletableFuture().get(gracePeriod.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            LOG.warn("requests still in flight after the grace period; stopping anyway");
        } catch (ExecutionException e) {
            LOG.warn("graceful shutdown failed; stopping anyway", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** First among the shutdown listeners: nothing closes before the requests in flight are done. */
    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    private static void pause(Duration delay) {
        try {
            Thread.sleep(delay.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
