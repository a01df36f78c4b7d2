package dev.enclave.app.infra.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

/**
 * What a transaction came to: committed, or refused by the conditions of the writes named here, each with the item
 * as it was when it refused (empty when there was none). A transaction that only lost to another one in flight is
 * no outcome: it is thrown, as a conflict. A cancellation is read here by role, the one place its reasons' positions
 * are paired with the writes that caused them.
 *
 * @param refused      the roles whose condition refused, with the old items of their writes
 * @param refusedKeys  the keys of the writes whose condition refused
 * @param cancellation the cancellation read, when refused
 */
public record TransactionOutcome(Map<WriteRole, List<Map<String, AttributeValue>>> refused,
                                 Set<ItemKey> refusedKeys, Optional<TransactionCanceledException> cancellation) {

    /** A transaction that committed. */
    public static final TransactionOutcome COMMITTED = new TransactionOutcome(Map.of(), Set.of(), Optional.empty());

    public TransactionOutcome {
        refused = Map.copyOf(refused);
        refusedKeys = Set.copyOf(refusedKeys);
        Objects.requireNonNull(cancellation, "cancellation");
    }

    /** A refusal by the roles named, with their old items. */
    public TransactionOutcome(Map<WriteRole, List<Map<String, AttributeValue>>> refused,
                              Optional<TransactionCanceledException> cancellation) {
        this(refused, Set.of(), cancellation);
    }

    /** The cancellation, as a fault: for a refusal by a write the workflow never expects to refuse. */
    public TransactionCanceledException unexpected() {
        return cancellation.orElseThrow(() -> new IllegalStateException("the transaction committed"));
    }

    public boolean committed() {
        return refused.isEmpty();
    }

    /** The roles whose condition refused. */
    public Set<WriteRole> refusedRoles() {
        return refused.keySet();
    }

    /** Whether a write of {@code role} refused. */
    public boolean refused(WriteRole role) {
        return refused.containsKey(role);
    }

    /** Whether a write of any of {@code roles} refused. */
    public boolean refusedAny(WriteRole... roles) {
        return Arrays.stream(roles).anyMatch(this::refused);
    }

    /** The item as it was when the (first) write of {@code role} refused, if it refused and there was an item. */
    public Optional<Map<String, AttributeValue>> oldItem(WriteRole role) {
        return refused.getOrDefault(role, List.of()).stream().filter(item -> !item.isEmpty()).findFirst();
    }

    /**
     * The roles that refused and their old items; {@code cancelled} itself when no condition refused (it lost to
     * another transaction, or failed otherwise), so a conflict is never mistaken for a refusal.
     */
    static TransactionOutcome read(Transaction transaction, TransactionCanceledException cancelled) {
        List<CancellationReason> reasons = cancelled.hasCancellationReasons() ? cancelled.cancellationReasons()
                : List.of();
        Map<WriteRole, List<Map<String, AttributeValue>>> refused = new LinkedHashMap<>();
        Set<ItemKey> refusedKeys = new HashSet<>();
        for (int i = 0; i < Math.min(reasons.size(), transaction.writes().size()); i++) {
            CancellationReason reason = reasons.get(i);
            if (conditionFailed(reason)) {
                Transaction.NamedWrite write = transaction.writes().get(i);
                refused.computeIfAbsent(write.role(), role -> new ArrayList<>())
                        .add(reason.hasItem() ? reason.item() : Map.of());
                refusedKeys.add(write.write().key());
            }
        }
        if (refused.isEmpty()) {
            throw cancelled;
        }
        return new TransactionOutcome(refused, refusedKeys, Optional.of(cancelled));
    }

    private static final String CONDITION_FAILED = "ConditionalCheckFailed";
    private static final String TRANSACTION_CONFLICT = "TransactionConflict";

    /**
     * Whether {@code failure} is a write that lost to another transaction in flight on its items, and nothing
     * else: a single write refused with {@code TransactionConflictException}, or a transaction cancelled with a
     * {@code TransactionConflict} reason and no refused condition. Such a write changed nothing, so sending it again
     * is safe, and its conditions decide again.
     */
    public static boolean conflicted(Throwable failure) {
        if (failure instanceof TransactionConflictException) {
            return true;
        }
        if (!(failure instanceof TransactionCanceledException cancelled) || !cancelled.hasCancellationReasons()) {
            return false;
        }
        List<CancellationReason> reasons = cancelled.cancellationReasons();
        return reasons.stream().anyMatch(r -> TRANSACTION_CONFLICT.equals(r.code()))
                && reasons.stream().noneMatch(TransactionOutcome::conditionFailed);
    }

    /** Whether {@code reason} is a refused condition. */
    public static boolean conditionFailed(CancellationReason reason) {
        return CONDITION_FAILED.equals(reason.code());
    }
}
