package dev.enclave.app.infra.store;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Reads a cancelled transaction by role: the one place the reasons' positions are paired with the writes that
 * caused them.
 */
final class Refusals {

    private Refusals() {
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
            if (Cancellations.conditionFailed(reason)) {
                Transaction.NamedWrite write = transaction.writes().get(i);
                refused.computeIfAbsent(write.role(), role -> new ArrayList<>())
                        .add(reason.hasItem() ? reason.item() : Map.of());
                refusedKeys.add(keyOf(write.write()));
            }
        }
        if (refused.isEmpty()) {
            throw cancelled;
        }
        return new TransactionOutcome(refused, refusedKeys, Optional.of(cancelled));
    }

    private static ItemKey keyOf(Write write) {
        if (write instanceof Write.Put put) {
            return ItemKey.of(put.item());
        } else if (write instanceof Write.Update update) {
            return update.key();
        } else if (write instanceof Write.Delete delete) {
            return delete.key();
        }
        return ((Write.Check) write).key();
    }
}
