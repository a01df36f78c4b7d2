package dev.enclave.app.infra.store;

import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

/**
 * Reads a cancelled transaction's reasons: which writes' conditions refused it, or whether it only lost to another
 * transaction in flight on the same items.
 */
public final class Cancellations {

    private static final String CONDITION_FAILED = "ConditionalCheckFailed";
    private static final String TRANSACTION_CONFLICT = "TransactionConflict";

    private Cancellations() {
    }

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
                && reasons.stream().noneMatch(Cancellations::conditionFailed);
    }

    /** Whether {@code reason} is a refused condition. */
    public static boolean conditionFailed(CancellationReason reason) {
        return CONDITION_FAILED.equals(reason.code());
    }
}
