package dev.enclave.app.infra.store;

import dev.enclave.app.infra.settings.TableSettings;
import dev.enclave.identity.TenantId;
import dev.enclave.tenancy.guard.GuardScope;
import dev.enclave.tenancy.scoped.TenantDynamoDb;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/** Enclave's table, handed out on scoped clients only: a tenant's, or a narrower scope's. */
@Singleton
@Requires(beans = TenantDynamoDb.class)
public final class Store {

    private final TenantDynamoDb tenants;
    private final String table;
    private final Turns turns;
    private final EventLog events;
    private final ChangeChecks checks;

    public Store(TenantDynamoDb tenants, TableSettings table, Turns turns, EventLog events, List<ChangeChecks> checks) {
        this.tenants = tenants;
        this.table = table.getName();
        this.turns = turns;
        this.events = events;
        this.checks = new ChangeChecks() {
            @Override
            public Transaction checked(TenantId tenant, Transaction transaction) {
                Transaction checked = transaction;
                for (ChangeChecks each : checks) {
                    checked = each.checked(tenant, checked);
                }
                return checked;
            }

            @Override
            public Optional<ActorChangedException.Cause> inactive(TenantId tenant, Transaction checked,
                                                                  TransactionOutcome outcome) {
                return checks.stream().flatMap(each -> each.inactive(tenant, checked, outcome).stream()).findFirst();
            }
        };
    }

    /**
     * The table on the client confined to everything {@code tenant} owns; its transactions take turns, carry the
     * checks of their actor and record their events.
     */
    public ScopedTable forTenant(TenantId tenant) {
        return new ScopedTable(tenants.forTenant(tenant), table, new ScopedTable.Turn() {
            @Override
            public <T> T take(Supplier<T> transaction) {
                return turns.take(tenant, transaction);
            }
        }, Optional.of(tenant), events, checks);
    }

    /** The table on the client confined to {@code scope}. */
    public ScopedTable forScope(GuardScope scope) {
        return new ScopedTable(tenants.forScope(scope), table, ScopedTable.Turn.NONE, Optional.empty(), events,
                checks);
    }
}
