package dev.enclave.sandbox.gateway;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Faults the DynamoDB gateway injects on demand, as AWS has them on a bad minute: throttling, server errors,
 * latency and connections dropped without an answer. Each rule applies to the requests it matches (an operation,
 * a tenant's sessions, or every request), a given number of times. None by default; sandbox only, so never in the
 * production jar. Thread-safe.
 */
public final class GatewayFaults {

    /** What the gateway does to a matched request instead of (or, for latency, before) forwarding it. */
    public enum Kind {
        /** HTTP 400 {@code ThrottlingException}: the account's request rate is exceeded. */
        THROTTLING,
        /** HTTP 400 {@code ProvisionedThroughputExceededException}: a partition's capacity is exceeded. */
        PROVISIONED_THROUGHPUT_EXCEEDED,
        /** HTTP 500 {@code InternalServerError}. */
        INTERNAL_SERVER_ERROR,
        /** HTTP 503 {@code ServiceUnavailable}. */
        SERVICE_UNAVAILABLE,
        /** The connection is closed without an answer. */
        DROPPED_CONNECTION,
        /** The request is held for the rule's latency, then forwarded. */
        LATENCY,
        /**
         * HTTP 400, as when another transaction holds an item: {@code TransactionCanceledException} with a
         * {@code TransactionConflict} reason for a transaction, {@code TransactionConflictException} for a single
         * write.
         */
        TRANSACTION_CONFLICT
    }

    /**
     * One fault.
     *
     * @param operation the operation it applies to ({@code GetItem}), or every one when empty
     * @param tenant    the tenant whose sessions it applies to, or every caller when empty
     * @param kind      what happens
     * @param latency   how long a matched request is held first (the whole fault, for {@link Kind#LATENCY})
     * @param times     how many requests it applies to; {@link Integer#MAX_VALUE} for as long as it is injected
     */
    public record Rule(Optional<String> operation, Optional<String> tenant, Kind kind, Duration latency, int times) {

        public Rule {
            Objects.requireNonNull(operation, "operation");
            Objects.requireNonNull(tenant, "tenant");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(latency, "latency");
            if (times < 1 || latency.isNegative()) {
                throw new IllegalArgumentException("a fault applies at least once, after no negative latency");
            }
        }

        /** {@code kind} on every request of {@code tenant}'s sessions, {@code times} times, with no latency. */
        public static Rule forTenant(String tenant, Kind kind, int times) {
            return new Rule(Optional.empty(), Optional.of(tenant), kind, Duration.ZERO, times);
        }

        boolean matches(String requestOperation, Optional<String> requestTenant) {
            return operation.map(requestOperation::equals).orElse(true)
                    && tenant.map(t -> requestTenant.map(t::equals).orElse(false)).orElse(true);
        }
    }

    private record Active(Rule rule, AtomicInteger remaining) {
    }

    private final List<Active> active = new CopyOnWriteArrayList<>();
    private final AtomicInteger met = new AtomicInteger();

    /** Adds {@code rule}; rules added earlier are matched first. */
    public void inject(Rule rule) {
        active.add(new Active(rule, new AtomicInteger(rule.times())));
    }

    /** How many requests have met a fault so far. */
    public int met() {
        return met.get();
    }

    /** Removes every rule: the gateway forwards everything again. */
    public void clear() {
        active.clear();
    }

    /** The fault a request meets, counting it against its rule; empty when none applies (the usual case). */
    Optional<Rule> take(String operation, Optional<String> tenant) {
        for (Active candidate : active) {
            if (candidate.rule().matches(operation, tenant)
                    && candidate.remaining().getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0) {
                met.incrementAndGet();
                return Optional.of(candidate.rule());
            }
        }
        active.removeIf(spent -> spent.remaining().get() == 0);
        return Optional.empty();
    }
}
