package dev.enclave.app.infra.store.organisation;

import dev.enclave.app.domain.organisation.Job;

import dev.enclave.app.infra.store.Expr;
import dev.enclave.app.infra.store.ItemAttributes;
import dev.enclave.table.TableDesign;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How the organisation item says it has a job to finish: what ({@code owes}) and for which version
 * ({@code owedFor}). The job itself is its own item ({@link JobItems}); this is what the organisation's readers see.
 * Items written before jobs existed also carry the debt's entry on {@link TableDesign#BY_OWED_WORK}; the job runner
 * takes those over ({@link #offTheIndex}).
 */
final class OwedWorkItems {

    static final String OWES = "owes";
    static final String OWED_FOR = "owedFor";

    private OwedWorkItems() {
    }

    /**
     * The {@code SET} actions that record a debt of {@code kind} for the version the same update writes
     * ({@code #version + :one}, which the update names: every right-hand side reads the item as it was).
     */
    static Expr recorded(Job.Kind kind) {
        return Expr.of("#owes = :owes, #owedFor = #version + :one").name("#owes", OWES).name("#owedFor", OWED_FOR)
                .value(":owes", kind.name());
    }

    /** The update that clears a debt. */
    static Expr clear() {
        return Expr.of("REMOVE #owes, #owedFor").name("#owes", OWES).name("#owedFor", OWED_FOR);
    }

    /** The update that takes a debt recorded before jobs existed off the owed-work index. */
    static Expr offTheIndex() {
        return Expr.of("REMOVE #owedWork, #owedSince").name("#owedWork", TableDesign.BY_OWED_WORK.partitionKey())
                .name("#owedSince", TableDesign.BY_OWED_WORK.sortKey());
    }

    /** The condition that the item owes nothing. */
    static Expr noDebt() {
        return Expr.of("attribute_not_exists(#owes)").name("#owes", OWES);
    }

    /** The condition under which a debt is still the one settled. */
    static Expr stillOwed(Debt debt) {
        return Expr.of("#owes = :owes AND #owedFor = :owedFor").name("#owes", OWES).name("#owedFor", OWED_FOR)
                .value(":owes", debt.kind().name()).number(":owedFor", debt.version());
    }

    /** The debt an organisation item carries, if any. */
    static Optional<Debt> debt(Map<String, AttributeValue> item) {
        Optional<String> owes = ItemAttributes.optionalString(item, OWES);
        Optional<Long> owedFor = ItemAttributes.optionalNumber(item, OWED_FOR);
        if (owes.isEmpty() || owedFor.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Debt(Job.Kind.valueOf(owes.get()), owedFor.get()));
    }

    /**
     * One debt.
     *
     * @param version the organisation's version when the debt was recorded: which rename (or deletion) it is
     */
    record Debt(Job.Kind kind, long version) {

        Debt {
            Objects.requireNonNull(kind, "kind");
        }
    }
}
