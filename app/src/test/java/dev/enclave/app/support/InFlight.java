package dev.enclave.app.support;

import static org.awaitility.Awaitility.await;

import dev.enclave.sandbox.gateway.GatewayFaults;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * A request decided, then held in flight: its first transaction on an organisation is held by the gateway (2 s) while
 * something else happens, through another instance (one instance sends an organisation's transactions in turn).
 */
public final class InFlight {

    private static final Duration HELD = Duration.ofSeconds(2);
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private InFlight() {
    }

    /** {@code late}'s answer, once {@code meanwhile} ran while its first transaction on {@code org} was held. */
    public static Api.Reply heldWhile(GatewayFaults faults, String org, Supplier<Api.Reply> late, Runnable meanwhile) {
        int metBefore = faults.met();
        faults.inject(new GatewayFaults.Rule(Optional.of("TransactWriteItems"), Optional.of(org),
                GatewayFaults.Kind.LATENCY, HELD, 1));
        CompletableFuture<Api.Reply> held = CompletableFuture.supplyAsync(late);
        await().atMost(PATIENCE).until(() -> faults.met() > metBefore);
        meanwhile.run();
        return held.join();
    }
}
