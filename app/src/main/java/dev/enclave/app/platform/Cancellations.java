package dev.enclave.app.platform;

import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;

/** Reads a cancelled transaction's reasons: which writes' conditions refused it. */
public final class Cancellations {

    private static final String CONDITION_FAILED = "ConditionalCheckFailed";

    private Cancellations() {
    }

    /** Whether the write at {@code index} was refused by its condition (not a conflict or a fault). */
    public static boolean conditionFailed(List<CancellationReason> reasons, int index) {
        return index >= 0 && index < reasons.size() && conditionFailed(reasons.get(index));
    }

    /** Whether {@code reason} is a refused condition. */
    public static boolean conditionFailed(CancellationReason reason) {
        return CONDITION_FAILED.equals(reason.code());
    }
}
