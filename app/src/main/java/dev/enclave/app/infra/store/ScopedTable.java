package dev.enclave.app.infra.store;

import dev.enclave.app.domain.outcome.Backoff;
import dev.enclave.identity.TenantId;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Enclave's table on one scoped client (a tenant's, or a narrower scope's): every call goes through that client,
 * so through the guard and on the scope's own credentials.
 */
public final class ScopedTable {

    /**
     * How long a transaction that keeps losing to others on the same items (sent by other instances) is sent again;
     * then it is thrown.
     */
    static final Duration CONFLICT_BUDGET = Duration.ofSeconds(5);
    /**
     * The pauses between rounds grow until this round, then stay (about 40 to 80 ms: short, so a transaction from a
     * busy instance finds the gaps between another busy instance's transactions).
     */
    private static final int LONGEST_PAUSE_ROUND = 4;

    /** Where a transaction waits its turn among the scope's others. */
    interface Turn {
        /** No waiting: the scope's transactions rarely meet. */
        Turn NONE = new Turn() {
            @Override
            public <T> T take(Supplier<T> transaction) {
                return transaction.get();
            }
        };

        <T> T take(Supplier<T> transaction);
    }

    private final DynamoDbClient client;
    private final String table;
    private final Turn turn;
    private final Optional<TenantId> owner;
    private final EventLog events;
    private final ChangeChecks checks;

    ScopedTable(DynamoDbClient client, String table, Turn turn, Optional<TenantId> owner, EventLog events,
                ChangeChecks checks) {
        this.client = client;
        this.table = table;
        this.turn = turn;
        this.owner = owner;
        this.events = events;
        this.checks = checks;
    }

    /** The item at {@code key}, strongly consistent; empty when there is none. */
    public Map<String, AttributeValue> get(ItemKey key) {
        Map<String, AttributeValue> item = client.getItem(b -> b.tableName(table).key(key.asMap())
                .consistentRead(true)).item();
        return item == null ? Map.of() : item;
    }

    /** The items at {@code keys}, strongly consistent, in one BatchGetItem (repeated for unprocessed keys). */
    public List<Map<String, AttributeValue>> getAll(List<ItemKey> keys) {
        return ConsistentBatchGet.items(client, table, keys.stream().map(ItemKey::asMap).toList());
    }

    /** The item of {@code items} at {@code key}'s sort key, or {@code null}. */
    public static Map<String, AttributeValue> at(List<Map<String, AttributeValue>> items, ItemKey key) {
        return items.stream().filter(item -> key.sort().equals(ItemKey.sortOf(item))).findFirst().orElse(null);
    }

    /** Puts {@code item} if {@code condition} holds; false when it refused. */
    public boolean put(Map<String, AttributeValue> item, Expr condition) {
        return putOrOld(item, condition).isEmpty();
    }

    /** Puts {@code item} if {@code condition} holds; when it refused, the item as it was. */
    public Optional<Map<String, AttributeValue>> putOrOld(Map<String, AttributeValue> item, Expr condition) {
        try {
            client.putItem(b -> b.tableName(table).item(item).conditionExpression(condition.text())
                    .expressionAttributeNames(condition.namesOrNull())
                    .expressionAttributeValues(condition.valuesOrNull())
                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD));
            return Optional.empty();
        } catch (ConditionalCheckFailedException refused) {
            return Optional.of(refused.hasItem() ? refused.item() : Map.of());
        }
    }

    /** Applies {@code update} if {@code condition} holds; false when it refused. */
    public boolean update(ItemKey key, Expr update, Expr condition) {
        Expr all = update.withPlaceholdersOf(condition);
        try {
            client.updateItem(b -> b.tableName(table).key(key.asMap()).updateExpression(update.text())
                    .conditionExpression(condition.text()).expressionAttributeNames(all.namesOrNull())
                    .expressionAttributeValues(all.valuesOrNull()));
            return true;
        } catch (ConditionalCheckFailedException refused) {
            return false;
        }
    }

    /** Applies {@code update} if {@code condition} holds, answering with the item after it, or as it was. */
    public UpdateOutcome updateReturning(ItemKey key, Expr update, Expr condition) {
        Expr all = update.withPlaceholdersOf(condition);
        try {
            return new UpdateOutcome(Optional.of(client.updateItem(b -> b.tableName(table).key(key.asMap())
                    .updateExpression(update.text()).conditionExpression(condition.text())
                    .expressionAttributeNames(all.namesOrNull()).expressionAttributeValues(all.valuesOrNull())
                    .returnValues(ReturnValue.ALL_NEW)
                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD))
                    .attributes()), Optional.empty());
        } catch (ConditionalCheckFailedException refused) {
            return new UpdateOutcome(Optional.empty(),
                    refused.hasItem() && !refused.item().isEmpty() ? Optional.of(refused.item()) : Optional.empty());
        }
    }

    /** Deletes whatever is at {@code key}. */
    public void delete(ItemKey key) {
        client.deleteItem(b -> b.tableName(table).key(key.asMap()));
    }

    /** Deletes the item at {@code key} if {@code condition} holds; false when it refused. */
    public boolean delete(ItemKey key, Expr condition) {
        try {
            client.deleteItem(b -> b.tableName(table).key(key.asMap()).conditionExpression(condition.text())
                    .expressionAttributeNames(condition.namesOrNull())
                    .expressionAttributeValues(condition.valuesOrNull()));
            return true;
        } catch (ConditionalCheckFailedException refused) {
            return false;
        }
    }

    /** One page of a Query by {@code keyCondition} on the table ({@code more} names an index, a limit, ...). */
    public Page query(Expr keyCondition, Consumer<QueryRequest.Builder> more) {
        return Page.of(client.query(request(keyCondition, more)));
    }

    private QueryRequest request(Expr keyCondition, Consumer<QueryRequest.Builder> more) {
        QueryRequest.Builder request = QueryRequest.builder().tableName(table)
                .keyConditionExpression(keyCondition.text())
                .expressionAttributeNames(keyCondition.namesOrNull())
                .expressionAttributeValues(keyCondition.valuesOrNull());
        more.accept(request);
        return request.build();
    }

    /** Every item a Query by {@code keyCondition} finds, all pages, strongly consistent. */
    public List<Map<String, AttributeValue>> queryAll(Expr keyCondition, Consumer<QueryRequest.Builder> more) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        client.queryPaginator(request(keyCondition, b -> more.accept(b.consistentRead(true))))
                .items().forEach(items::add);
        return items;
    }

    /**
     * Runs a workflow's transaction in its turn ({@link Turns}): committed, or refused by the roles it names. A
     * transaction that lost to another one in flight on the same items changed nothing, so it is sent again: the
     * client retries it ({@code enclave.tenancy.dynamodb-max-attempts}), and when those attempts all lost too, it is
     * sent again here after a jittered pause, for up to {@link #CONFLICT_BUDGET}; then it is thrown, as is a
     * transaction that failed otherwise. A transaction's event is recorded with it ({@link EventLog}), and on a
     * tenant's table it carries the checks of its actor ({@link ChangeChecks}): when only those refused, the actor
     * lost what the request was granted on, and {@link ActorChangedException} is thrown (when the change's own
     * writes refused, those the checks ride on included, its workflow answers for them: the organisation gone,
     * say; except that a suspension, or the start of a deletion, is answered as one, whichever write it refused).
     * Nothing was written either way. Every workflow's transaction runs here.
     */
    public TransactionOutcome transact(Transaction transaction) {
        Transaction checked = owner.map(tenant -> checks.checked(tenant, transaction)).orElse(transaction);
        TransactionOutcome outcome = turn.take(() -> checked.event().isPresent()
                ? events.send(owner.orElseThrow(() -> new IllegalStateException("events are recorded on a tenant's "
                        + "own table only")), this, checked, this::sendUntilNoConflict)
                : sendUntilNoConflict(checked));
        Optional<ActorChangedException.Cause> inactive = outcome.committed() || checked == transaction
                ? Optional.empty() : owner.flatMap(tenant -> checks.inactive(tenant, checked, outcome));
        if (inactive.isPresent()) {
            throw new ActorChangedException(owner.orElseThrow(), inactive.get());
        }
        if (outcome.refusedAny(ChangeChecks.Role.values()) && !refusedItsOwn(transaction, outcome)) {
            throw new ActorChangedException(owner.orElseThrow(), outcome.refused(ChangeChecks.Role.API_KEY)
                    ? ActorChangedException.Cause.KEY_GONE : ActorChangedException.Cause.ACTOR_CHANGED);
        }
        return outcome;
    }

    /** Whether one of {@code transaction}'s own writes refused: its workflow's answer, then, says what happened. */
    private static boolean refusedItsOwn(Transaction transaction, TransactionOutcome outcome) {
        return transaction.writes().stream().map(Transaction.NamedWrite::role).anyMatch(outcome::refused);
    }

    private TransactionOutcome sendUntilNoConflict(Transaction transaction) {
        long deadline = System.nanoTime() + CONFLICT_BUDGET.toNanos();
        for (int round = 1; ; round++) {
            try {
                LostAnswers.send(client, transaction.writes().stream()
                        .map(named -> named.write().transactItem(table)).toList(),
                        transaction.clientRequestToken().orElseGet(LostAnswers::token));
                return TransactionOutcome.COMMITTED;
            } catch (TransactionCanceledException cancelled) {
                if (!TransactionOutcome.conflicted(cancelled) || System.nanoTime() - deadline > 0) {
                    return TransactionOutcome.read(transaction, cancelled);
                }
                Backoff.pause(Math.min(round, LONGEST_PAUSE_ROUND));
            }
        }
    }
}
