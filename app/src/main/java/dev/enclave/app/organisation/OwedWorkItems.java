package dev.enclave.app.organisation;

import dev.enclave.app.platform.SortableTime;
import dev.enclave.identity.TenantId;
import dev.enclave.table.TableDesign;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How a debt sits on the organisation item: what is owed ({@code owes}), for which version ({@code owedFor}), and
 * its entry on {@link TableDesign#BY_OWED_WORK} ({@code GSI3PK = WORK#owed#, GSI3SK = <recorded at>#<tenant>}).
 */
public final class OwedWorkItems {

    public static final String OWES = "owes";
    public static final String OWED_FOR = "owedFor";
    private static final String INDEX_PARTITION = TableDesign.BY_OWED_WORK.partitionKey();
    private static final String INDEX_SORT = TableDesign.BY_OWED_WORK.sortKey();

    /**
     * The update-expression clause that records a debt of {@code :owes} for the version the same update writes
     * ({@code #version + :one}: every right-hand side reads the item as it was before the update).
     */
    static final String RECORD = OWES + " = :owes, " + OWED_FOR + " = #version + :one, " + INDEX_PARTITION
            + " = :owedWork, " + INDEX_SORT + " = :owedSince";

    /** The clause that clears a debt. */
    static final String CLEAR = "REMOVE " + OWES + ", " + OWED_FOR + ", " + INDEX_PARTITION + ", " + INDEX_SORT;

    /** The condition under which a debt is still the one settled. */
    static final String STILL_OWED = OWES + " = :owes AND " + OWED_FOR + " = :owedFor";

    private OwedWorkItems() {
    }

    /** The values {@link #RECORD} names, but {@code :one}. */
    static Map<String, AttributeValue> recordValues(OwedWork.Kind kind, TenantId id, Instant now) {
        return Map.of(":owes", AttributeValue.fromS(kind.name()),
                ":owedWork", AttributeValue.fromS(TableDesign.OWED_WORK),
                ":owedSince", AttributeValue.fromS(sortKey(now, id)));
    }

    /** The values {@link #STILL_OWED} names. */
    static Map<String, AttributeValue> settleValues(OwedWork.Debt debt) {
        return Map.of(":owes", AttributeValue.fromS(debt.kind().name()),
                ":owedFor", AttributeValue.fromN(Long.toString(debt.version())));
    }

    /** The owed-work index sort key: when, then whose. */
    static String sortKey(Instant recordedAt, TenantId id) {
        return SortableTime.format(recordedAt) + "#" + id.value();
    }

    /** The debt an organisation item carries, if any. */
    static Optional<OwedWork.Debt> debt(Map<String, AttributeValue> item) {
        AttributeValue owes = item.get(OWES);
        AttributeValue owedFor = item.get(OWED_FOR);
        if (owes == null || owes.s() == null || owedFor == null || owedFor.n() == null) {
            return Optional.empty();
        }
        return Optional.of(new OwedWork.Debt(OwedWork.Kind.valueOf(owes.s()), Long.parseLong(owedFor.n())));
    }
}
