package dev.enclave.sandbox.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.enclave.sandbox.gateway.DynamoDbForwarder.Forwarded;
import dev.enclave.sandbox.sts.Latency;
import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Conflicts between transactions as DynamoDB has them, which DynamoDB Local never produces (it runs one request at
 * a time). On DynamoDB a TransactWriteItems holds its items while it runs: another TransactWriteItems that touches
 * one of them (a ConditionCheck included) is cancelled, {@code TransactionConflict} the reason for that item, and a
 * PutItem, UpdateItem or DeleteItem of one fails with {@code TransactionConflictException} (Amazon DynamoDB
 * Developer Guide, "Transaction conflict handling in DynamoDB"). Such a request changed nothing.
 *
 * <p>When on, the gateway holds a transaction's items from just before it forwards it until DynamoDB Local has
 * answered and {@code hold} more has passed (DynamoDB's two-phase transactions take longer than DynamoDB Local's), and
 * answers the requests that overlap as DynamoDB does, without forwarding them. A TransactWriteItems sent again with
 * the {@code ClientRequestToken} of one still in flight (an SDK retry after a timeout) is answered
 * {@code TransactionInProgressException}, as DynamoDB answers it, not as a conflict with its own first send: a
 * conflict says nothing was written, and a client would then send it as a new transaction while the first commits.
 * Once the first ends, a resend is forwarded and DynamoDB Local answers it as DynamoDB does (done once, answered as
 * done). Not emulated: conflicts with TransactGetItems and with a BatchWriteItem's items. Off by default; can be
 * turned on and off while the sandbox runs. Thread-safe.
 */
public final class TransactionConflicts {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TRANSACTION = "TransactWriteItems";
    private static final Set<String> SINGLE_WRITES = Set.of("PutItem", "UpdateItem", "DeleteItem");

    /** Forwards a request that does not conflict. */
    @FunctionalInterface
    interface Forward {
        Forwarded call() throws IOException;
    }

    private final ItemWrites writes;
    private final Map<TableItemKey, Integer> held = new HashMap<>();
    private final Map<String, Integer> tokens = new HashMap<>();
    private final AtomicLong conflicts = new AtomicLong();
    private volatile Optional<Duration> hold;

    TransactionConflicts(Optional<Duration> hold, ItemWrites writes) {
        this.writes = writes;
        set(hold);
    }

    /** Turns conflicts on, each transaction holding its items {@code newHold} longer than DynamoDB Local takes. */
    public void on(Duration newHold) {
        set(Optional.of(newHold));
    }

    /** Turns conflicts off: DynamoDB Local's own behaviour again. */
    public void off() {
        set(Optional.empty());
    }

    /** The hold while on; empty while off. */
    public Optional<Duration> hold() {
        return hold;
    }

    /** How many requests were refused for a conflict since the sandbox started. */
    public long refused() {
        return conflicts.get();
    }

    private void set(Optional<Duration> newHold) {
        Objects.requireNonNull(newHold, "hold");
        if (newHold.filter(Duration::isNegative).isPresent()) {
            throw new IllegalArgumentException("conflict hold must not be negative: " + newHold.get());
        }
        hold = newHold;
    }

    /** Forwards a request through {@code forward} unless it conflicts with a transaction in flight. */
    Forwarded forward(String operation, byte[] body, Forward forward) throws IOException {
        Optional<Duration> holding = hold;
        boolean transaction = TRANSACTION.equals(operation);
        if (holding.isEmpty() || !transaction && !SINGLE_WRITES.contains(operation)) {
            return forward.call();
        }
        Optional<JsonNode> request = object(body);
        if (request.isEmpty()) {
            return forward.call();
        }
        List<TableItemKey> keys = writes.of(operation, request.get()).stream().map(ItemWrite::key).toList();
        if (!transaction) {
            return keys.stream().anyMatch(this::isHeld) ? refused(DynamoDbError.itemInTransaction())
                    : forward.call();
        }
        Optional<String> token = Optional.ofNullable(request.get().get("ClientRequestToken"))
                .filter(JsonNode::isTextual).map(JsonNode::asText);
        Optional<DynamoDbError> refusal = claim(keys, token);
        if (refusal.isPresent()) {
            return refused(refusal.get());
        }
        try {
            Forwarded answer = forward.call();
            Latency.hold(holding.get());
            return answer;
        } finally {
            release(keys, token);
        }
    }

    /** The request's JSON object; empty when it is none (DynamoDB Local then answers it as it would). */
    private static Optional<JsonNode> object(byte[] body) {
        try {
            JsonNode node = JSON.readTree(body);
            return node != null && node.isObject() ? Optional.of(node) : Optional.empty();
        } catch (IOException malformed) {
            return Optional.empty();
        }
    }

    private Forwarded refused(DynamoDbError error) {
        conflicts.incrementAndGet();
        return Forwarded.of(error);
    }

    private synchronized boolean isHeld(TableItemKey key) {
        return held.containsKey(key);
    }

    /**
     * Holds every key and the token, or none: when a transaction of the same token is in flight, it is still in
     * progress; when one of the keys is held already, each key's reason, in request order.
     */
    private synchronized Optional<DynamoDbError> claim(List<TableItemKey> keys, Optional<String> token) {
        if (token.filter(tokens::containsKey).isPresent()) {
            return Optional.of(DynamoDbError.transactionInProgress());
        }
        if (keys.stream().noneMatch(held::containsKey)) {
            keys.forEach(key -> held.merge(key, 1, Integer::sum));
            token.ifPresent(inFlight -> tokens.merge(inFlight, 1, Integer::sum));
            return Optional.empty();
        }
        return Optional.of(DynamoDbError.transactionConflict(keys.stream().map(key -> held.containsKey(key)
                ? DynamoDbError.TRANSACTION_CONFLICT : "None").toList()));
    }

    private synchronized void release(List<TableItemKey> keys, Optional<String> token) {
        keys.forEach(key -> held.computeIfPresent(key, (k, count) -> count == 1 ? null : count - 1));
        token.ifPresent(inFlight -> tokens.computeIfPresent(inFlight, (k, count) -> count == 1 ? null : count - 1));
    }
}
