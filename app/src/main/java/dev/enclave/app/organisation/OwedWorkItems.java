package dev.enclave.app.organisation;

import dev.enclave.app.platform.SortableTime;
import dev.enclave.app.store.Expr;
import dev.enclave.app.store.ItemAttributes;
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

    private OwedWorkItems() {
    }

    /**
     * The {@code SET} actions that record a debt of {@code kind} for the version the same update writes
     * ({@code #version + :one}, which the update names: every right-hand side reads the item as it was).
     */
    static Expr record(OwedWork.Kind kind, TenantId id, Instant now) {
        return Expr.of("#owes = :owes, #owedFor = #version + :one, #owedWork = :owedWork, #owedSince = :owedSince")
                .name("#owes", OWES).name("#owedFor", OWED_FOR).name("#owedWork", INDEX_PARTITION)
                .name("#owedSince", INDEX_SORT).value(":owes", kind.name()).value(":owedWork", TableDesign.OWED_WORK)
                .value(":owedSince", sortKey(now, id));
    }

    /** The update that clears a debt. */
    static Expr clear() {
        return Expr.of("REMOVE #owes, #owedFor, #owedWork, #owedSince").name("#owes", OWES)
                .name("#owedFor", OWED_FOR).name("#owedWork", INDEX_PARTITION).name("#owedSince", INDEX_SORT);
    }

    /** The condition under which a debt is still the one settled. */
    static Expr stillOwed(OwedWork.Debt debt) {
        return Expr.of("#owes = :owes AND #owedFor = :owedFor").name("#owes", OWES).name("#owedFor", OWED_FOR)
                .value(":owes", debt.kind().name()).number(":owedFor", debt.version());
    }

    /** The owed-work index sort key: when, then whose. */
    static String sortKey(Instant recordedAt, TenantId id) {
        return SortableTime.format(recordedAt) + "#" + id.value();
    }

    /** The debt an organisation item carries, if any. */
    static Optional<OwedWork.Debt> debt(Map<String, AttributeValue> item) {
        Optional<String> owes = ItemAttributes.optionalString(item, OWES);
        Optional<Long> owedFor = ItemAttributes.optionalNumber(item, OWED_FOR);
        if (owes.isEmpty() || owedFor.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new OwedWork.Debt(OwedWork.Kind.valueOf(owes.get()), owedFor.get()));
    }
}
