package dev.enclave.app.infra.startup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.enclave.app.support.Api;
import dev.enclave.app.support.Journeys;
import dev.enclave.app.support.SharedSandbox;
import dev.enclave.app.support.Tokens;
import dev.enclave.sandbox.gateway.GatewayFaults;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Stopping a server with a request in flight (held by the sandbox gateway's injected latency): readiness answers
 * DOWN while the request is still being served, the request completes with 200, and then the server stops.
 */
class GracefulShutdownIT {

    private static final Duration NOT_HUNG = Duration.ofSeconds(30);
    /** Often enough to see readiness DOWN well inside the one-second readiness delay. */
    private static final Duration POLL = Duration.ofMillis(20);

    private final GatewayFaults faults = SharedSandbox.instance().gateway().faults();

    @AfterEach
    void clearFaults() {
        faults.clear();
    }

    @Test
    void stopping_turnsReadinessDown_letsTheRequestInFlightFinish_thenStops() throws Exception {
        EmbeddedServer server = start();
        Api api = new Api(server.getURI());
        String owner = new Journeys(api, new Tokens(api, dataDir)).organisation("drain");
        int metBefore = faults.met();
        faults.inject(new GatewayFaults.Rule(Optional.empty(), Optional.of("drain"),
                GatewayFaults.Kind.LATENCY, Duration.ofSeconds(3), 1));

        CompletableFuture<Api.Reply> inFlight = CompletableFuture.supplyAsync(() -> api.get("/v1/orgs/drain", owner));
        await().atMost(NOT_HUNG).pollInterval(POLL).until(() -> faults.met() > metBefore);
        CompletableFuture<Void> stopping = CompletableFuture.runAsync(() -> server.getApplicationContext().stop());
        await().atMost(NOT_HUNG).pollInterval(POLL)
                .until(() -> api.get("/health/readiness", null).status() == 503);

        assertThat(inFlight.get(NOT_HUNG.toSeconds(), TimeUnit.SECONDS).status()).isEqualTo(200);
        stopping.get(NOT_HUNG.toSeconds(), TimeUnit.SECONDS);
        assertThat(server.isRunning()).isFalse();
    }

    private final Path dataDir = createDataDir();

    private EmbeddedServer start() {
        Map<String, Object> settings = new HashMap<>(SharedSandbox.properties());
        settings.putAll(Map.of("micronaut.server.port", -1, "enclave.table.name", "it-graceful-shutdown",
                "enclave.local.data-dir", dataDir.toString(), "enclave.limits.enabled", false,
                "enclave.tenancy.dynamodb-attempt-timeout", "10s", "enclave.tenancy.dynamodb-call-timeout", "15s",
                "enclave.shutdown.readiness-delay", "1s"));
        return ApplicationContext.run(EmbeddedServer.class, settings, "local");
    }

    private static Path createDataDir() {
        try {
            return Files.createTempDirectory("enclave-it-");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
