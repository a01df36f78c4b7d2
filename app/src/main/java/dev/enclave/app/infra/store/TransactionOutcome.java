package dev.enclave.app.infra.store;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * What a transaction came to: committed, or refused by the conditions of the writes named here, each with the item
 * as it was when it refused (empty when there was none). A transaction that only lost to another one in flight is
 * no outcome: it is thrown, as a conflict.
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
}
