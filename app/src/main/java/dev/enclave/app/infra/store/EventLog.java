package dev.enclave.app.infra.store;

import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import java.util.function.Function;

/**
 * Records a transaction's event in the same transaction as its change: the organisation's next place in its log is
 * taken by a conditional write on the log's head, so the change, its event and its place commit together or not at
 * all, and places follow the order the changes committed in.
 */
public interface EventLog {

    /**
     * Sends {@code transaction} with its event through {@code sender} on {@code tenant}'s {@code table}; a refusal of the head alone
     * (another instance took the place) is sent again at the next place.
     */
    TransactionOutcome send(TenantId tenant, ScopedTable table, Transaction transaction,
                            Function<Transaction, TransactionOutcome> sender);

    /**
     * What refuses a transaction whose retention change read another retention than the log's head holds: it is
     * not sent, and is to be read again.
     */
    enum LogRole implements WriteRole { RETENTION_AS_SEEN }

    /**
     * How long the organisation's life {@code in} keeps its events, read strongly consistently: the days a platform
     * admin set ({@code own}), else the platform's default.
     */
    Retention retention(TenantId tenant, ScopedTable table, Incarnation in);

    /** Days events are kept, and whether they are the organisation's own setting. */
    record Retention(int days, boolean own) {
    }
}
