package dev.enclave.app.organisation;

import dev.enclave.identity.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Work an organisation still owes after a write that could not finish in one transaction: the write that starts
 * it (a rename, the mark of a deletion) records the debt on the organisation item in the same request, and only
 * the work's last step settles it, so a crash in between leaves the debt for {@link FinishingOwedWork} to find.
 */
public interface OwedWork {

    /** Organisations whose debt was recorded before {@code before}, oldest first, at most {@code limit}. */
    List<TenantId> owing(Instant before, int limit);

    /** What the organisation owes now (a consistent read); empty when nothing, or no such organisation. */
    Optional<Debt> debtOf(TenantId id);

    /**
     * Clears the debt if it is still {@code debt}; false when a later rename (which settles its own) or a deletion
     * superseded it, or the organisation is gone.
     */
    boolean settle(TenantId id, Debt debt);

    /** What is owed. */
    enum Kind {
        /** Copying the organisation's name into every membership. */
        RENAME,
        /** Removing the organisation's items, the organisation item last. */
        DELETE
    }

    /**
     * One debt.
     *
     * @param version the organisation's version when the debt was recorded: which rename (or deletion) it is
     */
    record Debt(Kind kind, long version) {

        public Debt {
            java.util.Objects.requireNonNull(kind, "kind");
        }
    }
}
