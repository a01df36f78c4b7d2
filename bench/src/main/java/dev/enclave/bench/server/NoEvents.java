package dev.enclave.bench.server;

import dev.enclave.app.infra.store.EventLog;
import dev.enclave.app.infra.store.ScopedTable;
import dev.enclave.app.infra.store.Transaction;
import dev.enclave.app.infra.store.TransactionOutcome;
import dev.enclave.identity.Incarnation;
import dev.enclave.identity.TenantId;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.function.Function;

/**
 * The benchmark's events-off comparison (issue 25): every workflow's transaction is sent as it would be with events
 * on, but without its event and without the write that takes the event's place at the log's head — the same
 * application and workflows, minus what recording events adds. It exists only in this module and only when
 * {@value BenchServer#EVENTS_PROPERTY} is {@code off}, which {@code bench/run --events} sets on one of its two
 * servers; the product has no setting that turns events off.
 */
@Singleton
@Replaces(EventLog.class)
@Requires(property = BenchServer.EVENTS_PROPERTY, value = NoEvents.OFF)
final class NoEvents implements EventLog {

    /** The value of {@value BenchServer#EVENTS_PROPERTY} that swaps this in. */
    static final String OFF = "off";
    private static final int DEFAULT_RETENTION_DAYS = 30;

    @Override
    public TransactionOutcome send(TenantId tenant, ScopedTable table, Transaction transaction,
                                   Function<Transaction, TransactionOutcome> sender) {
        return sender.apply(transaction.with(List.of()));
    }

    /** No log, no retention of its own: the platform's default, as an organisation that never set one. */
    @Override
    public Retention retention(TenantId tenant, ScopedTable table, Incarnation in) {
        return new Retention(DEFAULT_RETENTION_DAYS, false);
    }
}
